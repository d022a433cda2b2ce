/**
 * The area `blocks` (core §2.3, §6; issue 34 part 7): every block the admin may see as one
 * searchable list (by title, type or id, filtered by type), each with the page and module it sits
 * on; `blocks/:blockId` (update on that block) shows the block's details, its options in short and
 * "Open in the composer".
 */
import { useCallback, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { adminArea, adminHref, mayOpenAdminRoute } from '../../../engine/core/admin-areas';
import { nodeTitle } from '../../../engine/core/structure/outline';
import type { JsonObject, JsonValue } from '../../../schemas/model';
import type { AdminBlockDetailResponse, AdminBlockRow, AdminBlocksResponse } from '../../../schemas/model/api/structure-admin';
import { fullRegistry } from '../../core/full-registry';
import { composerHref, createOutlineApi, type OutlineApi } from '../../core/structure/outline-api';
import { blockTypeTitle, visibilityText } from '../../core/structure/outline-text';
import { PermissionsSummary } from '../../core/structure/NodeDetails';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import type { AdminAreaProps, Translate } from '../../frame/types';
import '../../core/area.css';
import '../../core/structure/structure-admin.css';

/** Rows shown at first, and added by each "Show more". */
const BLOCKS_PAGE = 100;

export default function BlocksArea({ match }: AdminAreaProps) {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createOutlineApi(services.request), [services.request]);
  return (
    <div className="t-admin-area t-structure-admin">
      <h1 className="ts-page-title">{t('adminAreas.areas.blocks.title')}</h1>
      {match.route.name === 'editBlock' ? <BlockDetail api={api} id={match.params.blockId} /> : <BlockList api={api} />}
    </div>
  );
}

const rowTitle = (row: AdminBlockRow) => nodeTitle(row, blockTypeTitle);

function BlockList({ api }: { api: OutlineApi }) {
  const { services, t } = useAdminFrame();
  const loaded = useLoaded(useCallback(() => api.blocks(), [api]));
  const searchId = useId();
  const typeId = useId();
  const [query, setQuery] = useState('');
  const [type, setType] = useState('');
  const [shown, setShown] = useState(BLOCKS_PAGE);
  const editBlock = adminArea('blocks').routes.find((r) => r.name === 'editBlock')!;
  const rows = useMemo(() => (loaded.status === 'ready' ? loaded.value.items : []), [loaded]);
  // The registry's types that some listed block has, by title.
  const types = useMemo(
    () => [...new Set(rows.map((r) => r.type))].map((x) => ({ type: x, title: blockTypeTitle(x) ?? x })).sort((a, b) => a.title.localeCompare(b.title)),
    [rows],
  );
  const q = query.trim().toLowerCase();
  const hits = rows.filter(
    (r) => (!type || r.type === type) && (!q || [rowTitle(r), r.words ?? '', r.type, r.id, r.pageName, r.moduleName].some((w) => w.toLowerCase().includes(q))),
  );
  return (
    <>
      <p className="t-admin-intro">{t('layoutsAdmin.blocks.intro')}</p>
      <LoadedStates loaded={loaded} keyPrefix="layoutsAdmin.blocks" isEmpty={(v: AdminBlocksResponse) => v.items.length === 0} />
      {loaded.status === 'ready' && rows.length > 0 && (
        <>
          <div className="t-structure-admin__filters">
            <label htmlFor={searchId}>{t('layoutsAdmin.search.label')}</label>
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setShown(BLOCKS_PAGE);
              }}
              placeholder={t('layoutsAdmin.search.placeholder')}
            />
            <label htmlFor={typeId}>{t('layoutsAdmin.blocks.type')}</label>
            <select
              id={typeId}
              value={type}
              onChange={(e) => {
                setType(e.target.value);
                setShown(BLOCKS_PAGE);
              }}
            >
              <option value="">{t('layoutsAdmin.blocks.anyType')}</option>
              {types.map((x) => (
                <option key={x.type} value={x.type}>
                  {x.title}
                </option>
              ))}
            </select>
          </div>
          <p role="status" className="t-admin-meta">
            {t('layoutsAdmin.blocks.found', { count: hits.length, total: rows.length })}
          </p>
          {loaded.value.truncated && <p className="t-admin-notice--error">{t('layoutsAdmin.truncated', { cap: loaded.value.cap })}</p>}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is reachable by keyboard */}
          <div className="t-admin-table-scroll" tabIndex={0} role="region" aria-label={t('layoutsAdmin.blocks.table')}>
            <table className="t-admin-table">
              <caption>{t('layoutsAdmin.blocks.table')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('layoutsAdmin.blocks.columns.title')}</th>
                  <th scope="col">{t('layoutsAdmin.blocks.columns.type')}</th>
                  <th scope="col">{t('layoutsAdmin.blocks.columns.place')}</th>
                  <th scope="col">{t('layoutsAdmin.blocks.columns.visibility')}</th>
                  <th scope="col">{t('layoutsAdmin.blocks.columns.status')}</th>
                  <th scope="col" className="t-admin-num">
                    {t('layoutsAdmin.blocks.columns.children')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {hits.slice(0, shown).map((r) => (
                  <tr key={r.id}>
                    <th scope="row">
                      {mayOpenAdminRoute(services.holder, editBlock, { blockId: r.id }) ? (
                        <Link href={adminHref('editBlock', { blockId: r.id })}>{rowTitle(r)}</Link>
                      ) : (
                        rowTitle(r)
                      )}
                      <div className="t-admin-meta">
                        <code>{r.id}</code>
                      </div>
                    </th>
                    <td>{blockTypeTitle(r.type) ?? r.type}</td>
                    <td>
                      {r.moduleName} › {r.pageName}
                    </td>
                    <td>{visibilityText(r.visibility, t)}</td>
                    <td>{t(`layoutsAdmin.status.${r.status}`)}</td>
                    <td className="t-admin-num">{r.childCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {hits.length > shown && (
            <button type="button" className="ts-button t-admin-more" onClick={() => setShown((n) => n + BLOCKS_PAGE)}>
              {t('layoutsAdmin.blocks.more', { count: Math.min(BLOCKS_PAGE, hits.length - shown) })}
            </button>
          )}
        </>
      )}
    </>
  );
}

/** An option's value in a few words. */
function optionText(value: JsonValue | undefined, t: Translate): string {
  if (value === undefined || value === null || value === '') return t('layoutsAdmin.options.empty');
  if (typeof value === 'boolean') return t(value ? 'layoutsAdmin.options.yes' : 'layoutsAdmin.options.no');
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 79)}…` : value;
  if (Array.isArray(value)) return t('layoutsAdmin.options.items', { count: value.length });
  return t('layoutsAdmin.options.fields', { count: Object.keys(value).length });
}

/** The block's options in short: each option its schema names, by its title, in the schema's order; then any other stored option. */
function optionRows(type: string, options: JsonObject): { key: string; label: string; value: JsonValue | undefined }[] {
  const properties = (fullRegistry.blocks[type]?.options as { properties?: Record<string, { title?: string }> } | undefined)?.properties ?? {};
  const keys = [...Object.keys(properties), ...Object.keys(options).filter((k) => !(k in properties))];
  return keys.filter((k) => options[k] !== undefined).map((key) => ({ key, label: properties[key]?.title ?? key, value: options[key] }));
}

function BlockDetail({ api, id }: { api: OutlineApi; id: string }) {
  const { t } = useAdminFrame();
  const headingId = useId();
  const loaded = useLoaded(useCallback(() => api.block(id), [api, id]));
  const back = (
    <Link href={adminHref('blocks')} className="t-structure-back">
      {t('layoutsAdmin.blocks.back')}
    </Link>
  );
  if (loaded.status !== 'ready')
    return (
      <>
        {back}
        <LoadedStates loaded={loaded} keyPrefix="layoutsAdmin.block" isEmpty={() => false} />
      </>
    );
  const { block, options, moduleSlug, pageSlug }: AdminBlockDetailResponse = loaded.value;
  const rows = optionRows(block.type, options);
  return (
    <>
      {back}
      <section className="t-structure-details" aria-labelledby={headingId}>
        <h2 id={headingId}>{rowTitle(block)}</h2>
        <dl className="t-structure-details__facts">
          <dt>{t('layoutsAdmin.details.id')}</dt>
          <dd>
            <code>{block.id}</code>
          </dd>
          <dt>{t('layoutsAdmin.details.type')}</dt>
          <dd>
            {blockTypeTitle(block.type) ?? block.type} (<code>{block.type}</code>)
          </dd>
          <dt>{t('layoutsAdmin.details.module')}</dt>
          <dd>
            {block.moduleName} (<code>{block.moduleId}</code>)
          </dd>
          <dt>{t('layoutsAdmin.details.page')}</dt>
          <dd>
            {block.pageName} (<code>{block.pageId}</code>)
          </dd>
          {block.parentId && (
            <>
              <dt>{t('layoutsAdmin.details.parent')}</dt>
              <dd>
                <code>{block.parentId}</code>
              </dd>
            </>
          )}
          <dt>{t('layoutsAdmin.details.visibility')}</dt>
          <dd>{visibilityText(block.visibility, t)}</dd>
          <dt>{t('layoutsAdmin.details.status')}</dt>
          <dd>{t(`layoutsAdmin.status.${block.status}`)}</dd>
          <dt>{t('layoutsAdmin.details.permissions')}</dt>
          <dd>
            <PermissionsSummary api={api} id={block.id} />
          </dd>
        </dl>
        <h3>{t('layoutsAdmin.options.title')}</h3>
        {rows.length ? (
          <dl className="t-structure-details__facts">
            {rows.map((r) => (
              <div key={r.key} style={{ display: 'contents' }}>
                <dt>{r.label}</dt>
                <dd>{optionText(r.value, t)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="t-admin-empty">{t('layoutsAdmin.options.none')}</p>
        )}
        <div className="t-admin-actions">
          <Link className="ts-button ts-button--primary" href={composerHref({ moduleSlug, pageSlug, blockId: block.id })}>
            {t('layoutsAdmin.openInComposer')}
          </Link>
        </div>
      </section>
    </>
  );
}
