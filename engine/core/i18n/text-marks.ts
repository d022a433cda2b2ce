/**
 * Text-edit mode's label marks (issue 15 "inline text"). While an admin edits texts, the
 * translator puts an invisible mark before each message it returns: U+2063, the message's
 * number in binary (U+2061 = 0, U+2062 = 1), U+2064. Whatever renders the string (a text
 * node, an aria-label, a placeholder) then carries the key, so one layer (admin/text-edit) can
 * find every translated label on the page, strip the marks and make it editable. Members never
 * get marks: the translator adds them only when asked to.
 */

const OPEN = '\u2063';
const ZERO = '\u2061';
const ONE = '\u2062';
const CLOSE = '\u2064';
const MARK = /\u2063([\u2061\u2062]+)\u2064/g;
const ANY_MARK_CHAR = /[\u2061-\u2064]/g;

/** A marked message: its key and the message as the catalogue has it now (placeholders unfilled). */
export interface MarkedMessage {
  key: string;
  template: string;
}

const numbers = new Map<string, number>();
const marked: MarkedMessage[] = [];

/** `text` with the invisible mark of `key` in front; `template` is the unfilled message. */
export function markText(key: string, template: string, text: string): string {
  let n = numbers.get(key);
  if (n === undefined) {
    n = marked.length;
    numbers.set(key, n);
    marked.push({ key, template });
  } else marked[n] = { key, template };
  return OPEN + n.toString(2).replace(/0/g, ZERO).replace(/1/g, ONE) + CLOSE + text;
}

/** Whether a string carries any mark (cheap: one search). */
export const hasMarks = (s: string): boolean => s.includes(OPEN);

/** The messages marked in `s`, in order, without repeats. */
export function readMarks(s: string): MarkedMessage[] {
  const found = new Map<string, MarkedMessage>();
  for (const m of s.matchAll(MARK)) {
    const entry = marked[parseInt(m[1].replace(new RegExp(ZERO, 'g'), '0').replace(new RegExp(ONE, 'g'), '1'), 2)];
    if (entry) found.set(entry.key, entry);
  }
  return [...found.values()];
}

/** `s` without marks (what the user sees and what may be stored). */
export const stripMarks = (s: string): string => (hasMarks(s) ? s.replace(ANY_MARK_CHAR, '') : s);

/**
 * `value` with marks stripped from every string in it (plain objects and arrays; anything else,
 * a FormData or a Blob, as it is). The API client sends bodies through this, so a marked label
 * that a form took as a default value is never stored.
 */
export function stripMarksDeep<T>(value: T): T {
  if (typeof value === 'string') return stripMarks(value) as T;
  if (Array.isArray(value)) return value.map(stripMarksDeep) as T;
  if (value && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stripMarksDeep(v)])) as T;
  }
  return value;
}
