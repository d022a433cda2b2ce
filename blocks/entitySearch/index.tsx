import { useEffect, useId, useMemo, useState } from 'react';
import { Pager, useEngine, type BlockProps } from '../../engine/block-api';
import { useEntityDefinitions, useEntitySearch } from '../../engine/data/entity-search';
import { EntitySummaryCard, mediaRatio } from '../../engine/react/entities/parts';
import type { EntitySummary } from '../../schemas/model/api/entities';
import type { EntitySearchOptions } from '../options.generated';
import { useTypedSearch } from '../userSearch/typed-search';

export type { EntitySearchOptions };

/**
 * Entities of the chosen definitions (every readable one when none is chosen) on the shared search
 * interface (`GET entities`): words over title, slug and searchable fields, a filter per filterable
 * options field of those definitions, in pages. Each result is a card linking to the entity's space.
 */
export default function EntitySearch({ block, options }: BlockProps<EntitySearchOptions>) {
  const { t } = useEngine();
  const inputId = useId();
  const definitionIds = options.definitionIds ?? [];
  const definitions = useEntityDefinitions(definitionIds);
  const { typed, setTyped, text: q, page, setPage } = useTypedSearch();
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [shown, setShown] = useState<EntitySummary[]>([]);

  // Filterable options fields of the searched definitions, one control per key (choices merged).
  const filterFields = useMemo(() => {
    const byKey = new Map<string, { key: string; label: string; options: { value: string; label: string }[] }>();
    for (const d of definitions)
      for (const f of d.fields ?? []) {
        if (!f.filterable || !f.options?.length) continue;
        const known = byKey.get(f.key) ?? { key: f.key, label: f.label, options: [] };
        for (const o of f.options) if (!known.options.some((k) => k.value === o.value)) known.options.push(o);
        byKey.set(f.key, known);
      }
    return [...byKey.values()];
  }, [definitions]);
  const names = useMemo(() => new Map(definitions.map((d) => [d.id, d.name])), [definitions]);

  const loadMore = options.paginationMode === 'loadMore';
  const chosenFilters = Object.fromEntries(Object.entries(filters).flatMap(([k, v]) => (v ? [[k, [v]]] : [])));
  const search = useEntitySearch({ definitionIds, q, filters: chosenFilters, page, limit: options.pageSize });
  const result = search.state === 'ready' ? search.result : search.state === 'loading' ? search.last : undefined;
  // Load more keeps the pages already shown; a new query starts again.
  useEffect(() => {
    if (search.state !== 'ready') return;
    const items = search.result.items ?? [];
    setShown((before) => (loadMore && page > 1 ? [...before, ...items.filter((i) => !before.some((b) => b.id === i.id))] : items));
  }, [search, loadMore, page]);
  const total = result?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / options.pageSize));
  const titleId = `entity-search-${block.id}`;
  const label = options.title || t('entityBlocks.searchLabel');
  return (
    <section
      className={`t-entity-search t-entity-search--${options.layout}`}
      aria-labelledby={options.title ? titleId : undefined}
      aria-label={options.title ? undefined : label}
    >
      {options.title && <h2 id={titleId}>{options.title}</h2>}
      <div className="t-entity-search__controls" role="search">
        <label htmlFor={inputId} className="ts-visually-hidden">
          {t('entityBlocks.searchLabel')}
        </label>
        <input
          id={inputId}
          type="search"
          className="t-input"
          value={typed}
          placeholder={options.placeholder || t('entityBlocks.searchPlaceholder')}
          onChange={(e) => setTyped(e.target.value)}
        />
        {options.showFilters !== false &&
          filterFields.map((f) => (
            <label key={f.key} className="t-entity-search__filter">
              {f.label}
              <select
                className="t-input"
                value={filters[f.key] ?? ''}
                onChange={(e) => {
                  setFilters((before) => ({ ...before, [f.key]: e.target.value }));
                  setPage(1);
                }}
              >
                <option value="">{t('entityBlocks.anyValue')}</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          ))}
      </div>
      <p className="t-entity-search__count" role="status">
        {search.state === 'error'
          ? t('entityBlocks.searchFailed')
          : result
            ? t(total === 1 ? 'entityBlocks.countOne' : 'entityBlocks.count', { n: total })
            : t('entityBlocks.searching')}
      </p>
      {search.state === 'ready' && total === 0 && <p className="t-entity-search__empty">{options.emptyText || t('entityBlocks.empty')}</p>}
      <ul className="t-entity-search__results" aria-busy={search.state === 'loading'} aria-label={t('entityBlocks.results')}>
        {shown.map((item) => (
          <li key={item.id}>
            <EntitySummaryCard
              summary={item}
              definitionName={names.get(item.definition)}
              ratio={mediaRatio(options.thumbnailRatio)}
              loading={options.imageLoading}
            />
          </li>
        ))}
      </ul>
      <Pager
        mode={loadMore ? 'loadMore' : 'numbered'}
        page={page}
        pages={pages}
        onPage={setPage}
        label={t('entityBlocks.pages')}
        loadMoreLabel={t('entityBlocks.loadMore')}
        disabled={search.state === 'loading'}
      />
    </section>
  );
}
