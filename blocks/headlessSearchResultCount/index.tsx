import { useMemberSearchState, type BlockProps } from '../../engine/block-api';
import type { HeadlessSearchResultCountOptions } from '../options.generated';

export type { HeadlessSearchResultCountOptions };

/** How many members a headless search found, in the admin's words (`${count}` is the number). */
export default function HeadlessSearchResultCount({ options }: BlockProps<HeadlessSearchResultCountOptions>) {
  const state = useMemberSearchState(options.searchId);
  const ready = state.status === 'ready' || (state.status === 'loading' && state.total > 0);
  if (options.hideWhenEmpty && (!ready || state.total === 0)) return null;
  const template = state.total === 1 && options.singularTemplate ? options.singularTemplate : options.template;
  return (
    <p className="t-headless-count" role="status">
      {ready ? template.split('${count}').join(String(state.total)) : ''}
    </p>
  );
}
