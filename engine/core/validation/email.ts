/**
 * Email address forms (spec 5.2): plain `a@b.co`, quoted name `"Ann" <a@b.co>`, angle bracket
 * `Ann <a@b.co>` / `<a@b.co>`, and a name in parentheses `a@b.co (Ann)`. A plain address never
 * starts with a quote.
 */
const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function isPlainEmail(text: string): boolean {
  return !text.startsWith('"') && !text.startsWith("'") && ADDRESS.test(text) && !text.includes('..');
}

/** Plain address, or a plain address followed by a name in parentheses. */
export function isEmailWithParenthesisedName(text: string): boolean {
  const t = text.trim();
  const m = /^(\S+)\s+\(([^()]*)\)$/.exec(t);
  return isPlainEmail(m ? m[1] : t);
}

/** Plain, quoted-name or angle-bracket form. */
export function isExtendedEmail(text: string): boolean {
  const t = text.trim();
  const quoted = /^"([^"]*)"\s*<([^<>]+)>$/.exec(t);
  if (quoted) return isPlainEmail(quoted[2]);
  const angle = /^([^<>"]*)<([^<>]+)>$/.exec(t);
  if (angle) return isPlainEmail(angle[2]);
  return isPlainEmail(t);
}
