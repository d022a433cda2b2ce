import { useT } from '../i18n/use-t';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element: jumps past the header to the routed page. */
export function SkipLink() {
  const t = useT();
  return (
    <a className="ts-skip-link" href={`#${MAIN_CONTENT_ID}`}>
      {t('shell.skipToMain')}
    </a>
  );
}
