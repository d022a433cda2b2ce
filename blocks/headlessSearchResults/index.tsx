import { useEffect, useMemo } from 'react';
import { MemberListItem, profileDisplayName, useMemberSearches, useEngine, useMemberSearchState, useProfile, type BlockProps } from '../../engine/block-api';
import { useRenderedTemplate } from '../../engine/react/rendered-template';
import type { HeadlessSearchResultsOptions } from '../options.generated';

export type { HeadlessSearchResultsOptions };

/**
 * The results of a headless search as member cards, or drawn by the block's result template. It
 * sets where the search looks (the lists chosen, every member otherwise) and the page size; the
 * search runs once it is on the page. Searching entities comes with the entities issue.
 */
export default function HeadlessSearchResults({ block, options }: BlockProps<HeadlessSearchResultsOptions>) {
  const { t } = useEngine();
  const searches = useMemberSearches();
  const state = useMemberSearchState(options.searchId);
  const users = options.index === 'users';
  const lists = (options.userListIds ?? []).join('\n');
  useEffect(() => {
    if (users) searches.setScope(options.searchId, { listIds: lists ? lists.split('\n') : [], limit: options.pageSize ?? 10 });
  }, [searches, users, options.searchId, lists, options.pageSize]);
  if (!users) return <p className="t-headless-results__note">{t('userSearch.entitiesNotYet')}</p>;
  const columns = options.layout === 'grid' ? { gridTemplateColumns: `repeat(${options.columns ?? 3}, minmax(0, 1fr))` } : undefined;
  const template = options.template?.trim() ? options.template : undefined;
  return (
    <div className="t-headless-results">
      {state.status === 'error' && <p role="alert">{t('userSearch.failed')}</p>}
      {state.status === 'ready' && !state.accountIds.length && <p className="t-headless-results__empty">{options.emptyText}</p>}
      <ul
        id={`headless-results-${options.searchId}`}
        tabIndex={-1}
        aria-label={t('userSearch.results')}
        aria-busy={state.status === 'loading' || state.status === 'idle'}
        className={`t-headless-results__list t-headless-results--${options.layout ?? 'grid'}`}
        style={columns}
      >
        {state.accountIds.map((id) =>
          template ? (
            <TemplateResult key={id} accountId={id} template={template} parsedTemplate={block.parsedTemplate} nameFormat={options.nameFormat} />
          ) : (
            <MemberListItem key={id} accountId={id} nameFormat={options.nameFormat} details={options.detailFields} className="t-headless-results__item" />
          ),
        )}
      </ul>
    </div>
  );
}

/**
 * One result drawn by the template over `{ accountId, name, url, profile }`: the profile as the
 * viewer may see it (others' public values only: the server never sends a private one), output
 * sanitised. A template error shows to admins; members get the standard card instead.
 */
function TemplateResult({
  accountId,
  template,
  parsedTemplate,
  nameFormat,
}: {
  accountId: string;
  template: string;
  parsedTemplate: unknown;
  nameFormat?: string;
}) {
  const { services, isAdmin, t } = useEngine();
  const profile = useProfile(accountId);
  const data = useMemo(
    () => ({
      accountId,
      name: profile ? profileDisplayName(profile, nameFormat) : accountId,
      url: services.profileHref?.(accountId) ?? '',
      profile: profile?.data?.profile ?? {},
    }),
    [accountId, profile, nameFormat, services],
  );
  const rendered = useRenderedTemplate(template, parsedTemplate, data);
  if (!profile || !rendered) return null;
  if (!rendered.ok)
    return isAdmin ? (
      <li className="t-headless-results__item" role="alert">
        {t('blocks.handlebars.templateError', { error: rendered.error })}
      </li>
    ) : (
      <MemberListItem accountId={accountId} nameFormat={nameFormat} className="t-headless-results__item" />
    );
  return <li className="t-headless-results__item t-headless-results__item--template" dangerouslySetInnerHTML={{ __html: rendered.html }} />;
}
