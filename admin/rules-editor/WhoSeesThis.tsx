/**
 * "Who sees this": the server counts the demo accounts and the lists a valid query lets in (with
 * the engine's evaluator), asked RULE_PREVIEW_DEBOUNCE_MS after the last change; an answer for an
 * older query is dropped. Announced politely to screen readers.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { RulePreview, Translator } from '../../engine/core';
import type { RuleQuery } from '../../schemas/model';
import { isAdminApiError } from '../core/api';

export const RULE_PREVIEW_DEBOUNCE_MS = 300;

type State = { kind: 'loading' } | { kind: 'done'; result: RulePreview } | { kind: 'failed'; message: string };

interface Props {
  query: RuleQuery;
  valid: boolean;
  preview(query: RuleQuery): Promise<RulePreview>;
  t: Translator['t'];
}

export function WhoSeesThis({ query, valid, preview, t }: Props) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    if (!valid) return;
    let current = true;
    setState({ kind: 'loading' });
    const timer = setTimeout(() => {
      preview(query).then(
        (result) => current && setState({ kind: 'done', result }),
        (error: unknown) => current && setState({ kind: 'failed', message: isAdminApiError(error) ? error.message : String(error) }),
      );
    }, RULE_PREVIEW_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, valid, preview]);

  const titleId = useId();
  let body: ReactNode;
  if (!valid) body = <p>{t('rules.preview.invalid')}</p>;
  else if (state.kind === 'loading') body = <p>{t('rules.preview.loading')}</p>;
  else if (state.kind === 'failed') body = <p className="t-rules__errors">{t('rules.preview.failed', { message: state.message })}</p>;
  else {
    const { accounts, lists } = state.result;
    body = (
      <>
        <p data-testid="rules-preview-count">
          {accounts.count
            ? t('rules.preview.accounts', { count: accounts.count, total: accounts.total })
            : t('rules.preview.accountsNone', { total: accounts.total })}
        </p>
        {accounts.names.length > 0 && <p>{t('rules.preview.names', { names: accounts.names.join(', ') })}</p>}
        <p>{lists.length ? t('rules.preview.lists', { lists: lists.map((l) => l.name).join(', ') }) : t('rules.preview.listsNone')}</p>
      </>
    );
  }
  return (
    <section className="t-rules__preview" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('rules.preview.title')}</h3>
      <div role="status" aria-live="polite">
        {body}
      </div>
    </section>
  );
}
