import type { BlockProps } from '../../engine/block-api';
import { useSanitizedMarkup } from '../../engine/react/markup-sanitizer';
import type { HtmlBlockOptions } from '../options.generated';

export type { HtmlBlockOptions };

/**
 * Admin-authored HTML, sanitised before it reaches the DOM with the allow-list every admin markup
 * shares (engine/core/markup-policy.ts: the browser's HTML Sanitizer API, else DOMPurify). Empty and
 * busy while the fallback sanitiser loads; empty if it cannot load.
 */
export default function HtmlBlock({ options }: BlockProps<HtmlBlockOptions>) {
  const clean = useSanitizedMarkup(options.html);
  if (!clean?.ok) return <div className="t-html-block" aria-busy={clean ? undefined : true} />;
  return <div className="t-html-block" dangerouslySetInnerHTML={{ __html: clean.html }} />;
}
