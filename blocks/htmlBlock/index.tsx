import { useMemo } from 'react';
import { sanitizeHtml, type BlockProps } from '../../engine/block-api';
import type { HtmlBlockOptions } from '../options.generated';

export type { HtmlBlockOptions };

/** Admin-authored HTML, stored sanitised by the server and sanitised again (the same allow-list, DOMPurify) before it reaches the DOM. */
export default function HtmlBlock({ options }: BlockProps<HtmlBlockOptions>) {
  const clean = useMemo(() => sanitizeHtml(options.html), [options.html]);
  return <div className="t-html-block" dangerouslySetInnerHTML={{ __html: clean }} />;
}
