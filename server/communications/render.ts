/**
 * A post body (the editor's document, RichTextDoc) rendered to HTML on the server. Written here
 * rather than with @tiptap/static-renderer: the allowed node set (RICH_TEXT_NODES) is thirteen
 * types and six marks, the renderer must escape every text and attribute itself and drop what the
 * policy refuses, and the package is not among the installed @tiptap 3.x ones (node_modules is
 * shared by every worktree). The result still goes through sanitizePostHtml (server/html).
 */
import { isSafeMarkupUrl, OWN_IMAGE_SRC } from '../../engine/core/markup-policy';
import { POST_LINK_REL, POST_LINK_TARGET } from '../../engine/core/communications';
import type { RichTextDoc, RichTextMark, RichTextNode } from '../../schemas/model/api/communications';
import { sanitizePostHtml } from '../html/sanitize';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A link or image address problem of the document, or null: a 400 rather than a silent removal. */
export function richTextUrlProblem(doc: RichTextDoc): string | null {
  let problem: string | null = null;
  const walk = (node: RichTextNode) => {
    if (problem) return;
    if (node.type === 'image' && !OWN_IMAGE_SRC.test(str(node.attrs?.src))) problem = 'body images must be files uploaded here (/api/v1/image/<id>)';
    for (const mark of node.marks ?? [])
      if (mark.type === 'link') {
        const href = str(mark.attrs?.href);
        if (!href || href.length > 2000 || !isSafeMarkupUrl('href', href)) problem = `body has a link that is not an http, https, mailto or tel address`;
        if (mark.attrs && Object.keys(mark.attrs).some((k) => k !== 'href')) problem = 'body links carry only href';
      } else if (mark.attrs && Object.keys(mark.attrs).length) problem = `body mark "${mark.type}" takes no attributes`;
    for (const child of node.content ?? []) walk(child);
  };
  walk(doc as RichTextNode);
  return problem;
}

function wrapMarks(html: string, marks: RichTextMark[] | undefined): string {
  let out = html;
  for (const mark of marks ?? []) {
    switch (mark.type) {
      case 'bold':
        out = `<strong>${out}</strong>`;
        break;
      case 'italic':
        out = `<em>${out}</em>`;
        break;
      case 'strike':
        out = `<s>${out}</s>`;
        break;
      case 'underline':
        out = `<u>${out}</u>`;
        break;
      case 'code':
        out = `<code>${out}</code>`;
        break;
      case 'link': {
        const href = str(mark.attrs?.href);
        out = isSafeMarkupUrl('href', href) ? `<a href="${escapeHtml(href)}" target="${POST_LINK_TARGET}" rel="${POST_LINK_REL}">${out}</a>` : out;
        break;
      }
    }
  }
  return out;
}

function renderNode(node: RichTextNode): string {
  const inner = () => (node.content ?? []).map(renderNode).join('');
  switch (node.type) {
    case 'doc':
      return inner();
    case 'text':
      return wrapMarks(escapeHtml(str(node.text)), node.marks);
    case 'paragraph':
      return `<p>${inner()}</p>`;
    case 'heading': {
      const level = [2, 3, 4].includes(Number(node.attrs?.level)) ? Number(node.attrs?.level) : 2;
      return `<h${level}>${inner()}</h${level}>`;
    }
    case 'bulletList':
      return `<ul>${inner()}</ul>`;
    case 'orderedList': {
      const start = Number(node.attrs?.start);
      return Number.isInteger(start) && start > 1 ? `<ol start="${start}">${inner()}</ol>` : `<ol>${inner()}</ol>`;
    }
    case 'listItem':
      return `<li>${inner()}</li>`;
    case 'blockquote':
      return `<blockquote>${inner()}</blockquote>`;
    case 'codeBlock':
      return `<pre><code>${inner()}</code></pre>`;
    case 'hardBreak':
      return '<br>';
    case 'horizontalRule':
      return '<hr>';
    case 'image': {
      const src = str(node.attrs?.src);
      if (!OWN_IMAGE_SRC.test(src)) return '';
      const alt = node.attrs?.alt ? ` alt="${escapeHtml(str(node.attrs.alt))}"` : ' alt=""';
      const title = node.attrs?.title ? ` title="${escapeHtml(str(node.attrs.title))}"` : '';
      return `<img src="${escapeHtml(src)}"${alt}${title}>`;
    }
    case 'mention':
      return `<span class="mention" data-mention="${escapeHtml(str(node.attrs?.id))}">@${escapeHtml(str(node.attrs?.label))}</span>`;
    default:
      return '';
  }
}

/** The body's HTML, rendered and sanitised (POST_MARKUP_*). */
export function renderRichText(doc: RichTextDoc): string {
  return sanitizePostHtml(renderNode(doc as RichTextNode));
}
