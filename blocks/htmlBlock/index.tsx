import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import type { BlockProps } from '../../engine/block-api';
import type { HtmlBlockOptions } from '../options.generated';

export type { HtmlBlockOptions };

/** Admin-authored HTML, sanitised with DOMPurify (scripts, handlers and javascript: URLs removed) before it reaches the DOM. */
export default function HtmlBlock({ options }: BlockProps<HtmlBlockOptions>) {
  const clean = useMemo(() => DOMPurify.sanitize(options.html, { ADD_ATTR: ['target'] }), [options.html]);
  return <div className="t-html-block" dangerouslySetInnerHTML={{ __html: clean }} />;
}
