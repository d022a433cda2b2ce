/**
 * The area `layouts` (core §2.3, §6; issue 34 part 7): the structure the admin may see as a
 * searchable tree (modules > pages > blocks with their child blocks), each row with its title,
 * block type, who sees it, its draft status and what it holds. `layouts/module/:moduleId` and
 * `.../page/:pageId` open that node with its details beside the tree; a block opens in place.
 * "Open in the composer" goes to the member page in edit mode with the block selected.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { adminHref } from '../../../engine/core/admin-areas';
import { filterOutline, findInOutline, nodeTitle } from '../../../engine/core/structure/outline';
import type { Id } from '../../../schemas/model';
import type { OutlineNode, StructureOutlineResponse } from '../../../schemas/model/api/structure-admin';
import { createOutlineApi } from '../../core/structure/outline-api';
import { blockTypeTitle } from '../../core/structure/outline-text';
import { NodeDetails } from '../../core/structure/NodeDetails';
import { useLoaded, LoadedStates } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import type { AdminAreaProps } from '../../frame/types';
import { StructureTree } from './StructureTree';
import '../../core/area.css';
import '../../core/structure/structure-admin.css';

/** The node the route names (a page inside its module), if the outline holds it. */
function routedNodeId(match: AdminAreaProps['match']): Id | undefined {
  if (match.route.name === 'editPageLayout') return match.params.pageId;
  if (match.route.name === 'editModuleLayout') return match.params.moduleId;
  return undefined;
}

export default function LayoutsArea({ match }: AdminAreaProps) {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createOutlineApi(services.request), [services.request]);
  const loaded = useLoaded(useCallback(() => api.outline(), [api]));
  return (
    <div className="t-admin-area t-structure-admin">
      <h1 className="ts-page-title">{t('adminAreas.areas.layouts.title')}</h1>
      <p className="t-admin-intro">{t('layoutsAdmin.intro')}</p>
      <LoadedStates loaded={loaded} keyPrefix="layoutsAdmin.outline" isEmpty={(v: StructureOutlineResponse) => v.modules.length === 0} />
      {loaded.status === 'ready' && loaded.value.modules.length > 0 && <Layouts outline={loaded.value} match={match} api={api} />}
    </div>
  );
}

function Layouts({ outline, match, api }: { outline: StructureOutlineResponse; match: AdminAreaProps['match']; api: ReturnType<typeof createOutlineApi> }) {
  const { t } = useAdminFrame();
  const [, navigate] = useLocation();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const routed = routedNodeId(match);
  const [blockId, setBlockId] = useState<Id | undefined>();
  const selectedId = blockId ?? routed;
  const [expanded, setExpanded] = useState<ReadonlySet<Id>>(() => {
    const found = routed ? findInOutline(outline.modules, routed) : undefined;
    return new Set(found ? [...found.ancestors, found.node.id] : outline.modules.slice(0, 1).map((m) => m.id));
  });
  // A route that names a node opens its ancestors (the link may come from elsewhere).
  useEffect(() => {
    if (!routed) return;
    const found = findInOutline(outline.modules, routed);
    if (found) setExpanded((e) => new Set([...e, ...found.ancestors, found.node.id]));
    setBlockId(undefined);
  }, [routed, outline]);

  const filtered = useMemo(() => filterOutline(outline.modules, query, blockTypeTitle), [outline, query]);
  // While searching, the ancestors of every match are open as well.
  const shownExpanded = useMemo(() => (query.trim() ? new Set([...expanded, ...filtered.expand]) : expanded), [expanded, filtered, query]);
  const setOpen = (id: Id, open: boolean) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  const choose = (node: OutlineNode) => {
    if (node.kind === 'block') {
      setBlockId(node.id);
      return;
    }
    setBlockId(undefined);
    navigate(
      node.kind === 'module' ? adminHref('editModuleLayout', { moduleId: node.id }) : adminHref('editPageLayout', { moduleId: node.moduleId, pageId: node.id }),
    );
  };
  const selected = selectedId ? findInOutline(outline.modules, selectedId) : undefined;
  const routedMissing = routed && !findInOutline(outline.modules, routed);

  return (
    <div className="t-structure-admin__body">
      <div className="t-structure-admin__main">
        <div className="t-structure-admin__search">
          <label htmlFor={searchId}>{t('layoutsAdmin.search.label')}</label>
          <input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('layoutsAdmin.search.placeholder')} />
        </div>
        <p role="status" className="t-admin-meta">
          {query.trim()
            ? t('layoutsAdmin.search.found', { count: filtered.matches.size })
            : t('layoutsAdmin.totals', { modules: outline.counts.modules, pages: outline.counts.pages, blocks: outline.counts.blocks })}
        </p>
        {outline.truncated && <p className="t-admin-notice--error">{t('layoutsAdmin.truncated', { cap: outline.cap })}</p>}
        {routedMissing && (
          <p role="alert" className="t-admin-notice--error">
            {t('layoutsAdmin.notFound')}
          </p>
        )}
        {filtered.nodes.length ? (
          <StructureTree
            nodes={filtered.nodes}
            expanded={shownExpanded}
            onExpandedChange={setOpen}
            selectedId={selectedId}
            onChoose={choose}
            typeTitle={blockTypeTitle}
            label={t('layoutsAdmin.tree')}
            matches={filtered.matches}
          />
        ) : (
          <p className="t-admin-empty">{t('layoutsAdmin.search.none')}</p>
        )}
      </div>
      {selected && (
        <NodeDetails
          key={selected.node.id}
          node={selected.node}
          outline={outline.modules}
          api={api}
          heading={nodeTitle(selected.node, blockTypeTitle) || t('layoutsAdmin.untitled')}
        />
      )}
    </div>
  );
}
