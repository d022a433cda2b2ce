/**
 * One item of the structure outline beside the tree (the area `layouts`): its ids, kind and type,
 * who sees it, its draft status, its per-item permissions, and the way to it in the composer.
 */
import { useCallback, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { adminArea, adminHref, mayOpenAdminRoute } from '../../../engine/core/admin-areas';
import { can } from '../../../engine/core/permissions';
import { PermissionsForm, type PermissionsFormServices } from '../../access/PermissionsEditor';
import { Dialog } from '../Dialog';
import { findInOutline } from '../../../engine/core/structure/outline';
import type { OutlineNode } from '../../../schemas/model/api/structure-admin';
import { useAdminFrame } from '../../frame/frame-context';
import { useLoaded } from '../use-loaded';
import { composerHref, type OutlineApi } from './outline-api';
import { blockTypeTitle, countText, visibilityText } from './outline-text';

/** The composer's address for an outline node: its page (a module: the module), with the block selected. */
export function composerHrefOf(node: OutlineNode, outline: readonly OutlineNode[]): string | undefined {
  const module = findInOutline(outline, node.moduleId)?.node;
  if (!module?.slug) return undefined;
  if (node.kind === 'module') return composerHref({ moduleSlug: module.slug });
  const page = node.pageId ? findInOutline(outline, node.pageId)?.node : undefined;
  if (!page?.slug) return undefined;
  return composerHref({ moduleSlug: module.slug, pageSlug: page.slug, ...(node.kind === 'block' ? { blockId: node.id } : {}) });
}

export function NodeDetails({ node, outline, api, heading }: { node: OutlineNode; outline: readonly OutlineNode[]; api: OutlineApi; heading: string }) {
  const { services, t } = useAdminFrame();
  const headingId = useId();
  const href = composerHrefOf(node, outline);
  const module = findInOutline(outline, node.moduleId)?.node;
  const page = node.pageId && node.kind !== 'page' ? findInOutline(outline, node.pageId)?.node : undefined;
  const editBlock = adminArea('blocks').routes.find((r) => r.name === 'editBlock')!;
  const mayEditBlock = node.kind === 'block' && mayOpenAdminRoute(services.holder, editBlock, { blockId: node.id });
  const mayManagePermissions = can(services.holder, 'managePermissions', `items.${node.kind}s`, node.id);
  const [editingPermissions, setEditingPermissions] = useState(false);
  // The summary is read again after a save.
  const [round, setRound] = useState(0);
  const formServices = useMemo<PermissionsFormServices>(
    () => ({
      t,
      load: (id) => api.itemPermissions(id),
      save: (id, grants) => api.saveItemPermissions(id, grants),
      notify: (type, message) => services.toast({ type, message }),
    }),
    [t, api, services],
  );
  return (
    <section className="t-structure-details" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <dl className="t-structure-details__facts">
        <dt>{t('layoutsAdmin.details.kind')}</dt>
        <dd>{t(`layoutsAdmin.kinds.${node.kind}`)}</dd>
        <dt>{t('layoutsAdmin.details.id')}</dt>
        <dd>
          <code>{node.id}</code>
        </dd>
        {node.type && (
          <>
            <dt>{t('layoutsAdmin.details.type')}</dt>
            <dd>
              {blockTypeTitle(node.type) ?? node.type} (<code>{node.type}</code>)
            </dd>
          </>
        )}
        {node.kind !== 'module' && module && (
          <>
            <dt>{t('layoutsAdmin.details.module')}</dt>
            <dd>
              {module.title} (<code>{module.id}</code>)
            </dd>
          </>
        )}
        {page && (
          <>
            <dt>{t('layoutsAdmin.details.page')}</dt>
            <dd>
              {page.title} (<code>{page.id}</code>)
            </dd>
          </>
        )}
        <dt>{t('layoutsAdmin.details.visibility')}</dt>
        <dd>{visibilityText(node.visibility, t)}</dd>
        <dt>{t('layoutsAdmin.details.status')}</dt>
        <dd>{t(`layoutsAdmin.status.${node.status}`)}</dd>
        <dt>{t('layoutsAdmin.details.holds')}</dt>
        <dd>{countText(node, t)}</dd>
        <dt>{t('layoutsAdmin.details.permissions')}</dt>
        <dd>
          <PermissionsSummary key={round} api={api} id={node.id} />
        </dd>
      </dl>
      <div className="t-admin-actions">
        {href && (
          <Link className="ts-button ts-button--primary" href={href}>
            {t('layoutsAdmin.openInComposer')}
          </Link>
        )}
        {mayManagePermissions && (
          <button type="button" className="ts-button" aria-haspopup="dialog" onClick={() => setEditingPermissions(true)}>
            {t('layoutsAdmin.editPermissions')}
          </button>
        )}
        {mayEditBlock && (
          <Link className="ts-button" href={adminHref('editBlock', { blockId: node.id })}>
            {t('layoutsAdmin.blockDetails')}
          </Link>
        )}
      </div>
      {editingPermissions && (
        <Dialog
          title={t('admin.permissions.title', { name: heading })}
          description={t('admin.permissions.description')}
          onClose={() => setEditingPermissions(false)}
          className="t-admin-area"
        >
          <PermissionsForm
            services={formServices}
            itemId={node.id}
            onSaved={() => {
              setEditingPermissions(false);
              setRound((n) => n + 1);
            }}
            onCancel={() => setEditingPermissions(false)}
          />
        </Dialog>
      )}
    </section>
  );
}

/** The per-item permissions stored for elevated users on the item, in words; "defaults" when none. */
export function PermissionsSummary({ api, id }: { api: OutlineApi; id: string }) {
  const { t } = useAdminFrame();
  const loaded = useLoaded(useCallback(() => api.itemPermissions(id), [api, id]));
  if (loaded.status === 'loading') return <span role="status">{t('layoutsAdmin.permissions.loading')}</span>;
  if (loaded.status === 'error') return <span className="t-admin-notice--error">{t('layoutsAdmin.permissions.loadError', { message: loaded.message })}</span>;
  const entries = Object.entries(loaded.value);
  if (!entries.length) return <span>{t('layoutsAdmin.permissions.defaults')}</span>;
  const allowed = entries.filter(([, on]) => on).map(([action]) => action);
  const denied = entries.filter(([, on]) => !on).map(([action]) => action);
  return (
    <span>
      {[
        allowed.length ? t('layoutsAdmin.permissions.allowed', { actions: allowed.join(', ') }) : '',
        denied.length ? t('layoutsAdmin.permissions.denied', { actions: denied.join(', ') }) : '',
      ]
        .filter(Boolean)
        .join(' ')}
    </span>
  );
}
