/** Visible text length of HTML, for maxHtml: tags stripped, common entities counted as one character. */
export function htmlTextLength(html: string): number {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/gi, '_');
  return text.length;
}
