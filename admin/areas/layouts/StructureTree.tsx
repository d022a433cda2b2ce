/**
 * The structure as an ARIA tree (WAI-ARIA APG tree view): one tab stop (roving tabindex), Up/Down
 * move between visible rows, Right opens a closed node or moves to its first child, Left closes
 * an open node or moves to its parent, Home/End go to the first/last row, Enter or Space (or a
 * click) chooses the row, and typing a letter moves to the next row whose title starts with it.
 * Rows are a flat list of treeitems with aria-level, aria-posinset and aria-setsize, so each
 * row's name is its own title and facts (a nested list would name a row after everything under it).
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { nodeTitle, visibleRows, type OutlineRow } from '../../../engine/core/structure/outline';
import type { Id } from '../../../schemas/model';
import type { OutlineNode } from '../../../schemas/model/api/structure-admin';
import { countText, visibilityText } from '../../core/structure/outline-text';
import { useAdminFrame } from '../../frame/frame-context';

export interface StructureTreeProps {
  nodes: readonly OutlineNode[];
  expanded: ReadonlySet<Id>;
  onExpandedChange(id: Id, open: boolean): void;
  /** The chosen node (aria-selected). */
  selectedId?: Id;
  onChoose(node: OutlineNode): void;
  typeTitle(type: string): string | undefined;
  label: string;
  /** Ids to mark as matching the search. */
  matches?: ReadonlySet<Id>;
}

export function StructureTree({ nodes, expanded, onExpandedChange, selectedId, onChoose, typeTitle, label, matches }: StructureTreeProps) {
  const { t } = useAdminFrame();
  const rows = useMemo(() => visibleRows(nodes, expanded), [nodes, expanded]);
  const [activeId, setActiveId] = useState<Id | undefined>(selectedId);
  const refs = useRef(new Map<Id, HTMLElement>());
  const focusNext = useRef(false);
  // The tab stop: the active row while it is shown, else the chosen one, else the first.
  const active = rows.find((r) => r.node.id === activeId) ?? rows.find((r) => r.node.id === selectedId) ?? rows[0];

  useEffect(() => {
    if (selectedId) setActiveId(selectedId);
  }, [selectedId]);
  useEffect(() => {
    if (!focusNext.current || !active) return;
    focusNext.current = false;
    refs.current.get(active.node.id)?.focus();
  }, [active]);

  const moveTo = (row: OutlineRow | undefined) => {
    if (!row) return;
    focusNext.current = true;
    setActiveId(row.node.id);
    // The row is already rendered: focus it now too (the effect covers rows that appear with an expansion).
    refs.current.get(row.node.id)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>, row: OutlineRow, index: number) => {
    const { node } = row;
    const open = expanded.has(node.id);
    const hasChildren = node.children.length > 0;
    switch (e.key) {
      case 'ArrowDown':
        moveTo(rows[index + 1]);
        break;
      case 'ArrowUp':
        moveTo(rows[index - 1]);
        break;
      case 'ArrowRight':
        if (hasChildren && !open) onExpandedChange(node.id, true);
        else if (hasChildren) moveTo(rows[index + 1]);
        break;
      case 'ArrowLeft':
        if (hasChildren && open) onExpandedChange(node.id, false);
        else if (row.parentId) moveTo(rows.find((r) => r.node.id === row.parentId));
        break;
      case 'Home':
        moveTo(rows[0]);
        break;
      case 'End':
        moveTo(rows[rows.length - 1]);
        break;
      case 'Enter':
      case ' ':
        onChoose(node);
        break;
      default: {
        if (e.key.length !== 1 || e.altKey || e.ctrlKey || e.metaKey || !/\S/.test(e.key)) return;
        const letter = e.key.toLowerCase();
        const order = [...rows.slice(index + 1), ...rows.slice(0, index + 1)];
        moveTo(order.find((r) => nodeTitle(r.node, typeTitle).toLowerCase().startsWith(letter)));
      }
    }
    e.preventDefault();
  };

  return (
    <ul role="tree" aria-label={label} className="t-structure-tree">
      {rows.map((row, index) => {
        const { node } = row;
        const hasChildren = node.children.length > 0;
        const open = expanded.has(node.id);
        const title = nodeTitle(node, typeTitle) || t('layoutsAdmin.untitled');
        return (
          <li
            key={`${node.kind}:${node.id}`}
            ref={(el) => {
              if (el) refs.current.set(node.id, el);
              else refs.current.delete(node.id);
            }}
            role="treeitem"
            aria-level={row.level}
            aria-posinset={row.position}
            aria-setsize={row.siblings}
            aria-expanded={hasChildren ? open : undefined}
            aria-selected={node.id === selectedId}
            // Named by its content (title, then its facts; the arrow is hidden): the name is what is seen.
            tabIndex={node.id === active?.node.id ? 0 : -1}
            className={`t-structure-row t-structure-row--${node.kind}${matches?.has(node.id) ? ' t-structure-row--match' : ''}`}
            style={{ paddingInlineStart: `calc(${row.level - 1} * 1.25rem + 0.5rem)` }}
            data-node-id={node.id}
            onKeyDown={(e) => onKeyDown(e, row, index)}
            onFocus={() => setActiveId(node.id)}
            onClick={() => {
              setActiveId(node.id);
              onChoose(node);
            }}
          >
            <span
              className="t-structure-row__twisty"
              aria-hidden="true"
              onClick={(e) => {
                if (!hasChildren) return;
                e.stopPropagation();
                onExpandedChange(node.id, !open);
              }}
            >
              {hasChildren ? (open ? '▾' : '▸') : ''}
            </span>
            <span className="t-structure-row__main">
              <span className="t-structure-row__title">{title}</span>{' '}
              <span className="t-structure-row__meta">
                <span className="t-structure-row__kind">
                  {node.kind === 'block' ? (typeTitle(node.type ?? '') ?? node.type) : t(`layoutsAdmin.kinds.${node.kind}`)}
                </span>{' '}
                <span className="t-admin-pill t-structure-pill--visibility">{visibilityText(node.visibility, t)}</span>{' '}
                {node.status !== 'published' && <span className="t-admin-pill t-admin-pill--new">{t(`layoutsAdmin.status.${node.status}`)}</span>}{' '}
                {(node.kind !== 'block' || hasChildren) && <span className="t-structure-row__count">{countText(node, t)}</span>}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
