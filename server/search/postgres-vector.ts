/**
 * The PostgreSQL entry's tsvector, built here rather than by to_tsvector: every word with its
 * prefixes, so a query word of PREFIX_MIN..PREFIX_MAX letters is one exact GIN lookup (a `:*`
 * partial match builds a bitmap of every matching lexeme's rows: three times the cost of the whole
 * search at 100,000 members), and the public name's words weighted A for ts_rank (relevance).
 * The words are the document's `body` (searchWords), so a match is the same as a prefix match of
 * the words, on both databases.
 */
import { searchWords } from './member-document';

export const PREFIX_MIN = 2;
export const PREFIX_MAX = 16;
/** PostgreSQL refuses lexemes over 2047 bytes (to_tsvector drops them; so do we). */
const MAX_LEXEME_BYTES = 2047;
/** Positions PostgreSQL keeps (1..16383). */
const MAX_POSITION = 16383;
/** Bytes of lexemes past which words get no more prefixes (a tsvector holds at most 1 MB). */
const PREFIX_BUDGET = 256 * 1024;

/** The tsquery of search words: exact prefix lexemes where stored, else a `:*` partial match. */
export function prefixQuery(words: string[]): string {
  return words
    .map((w) => {
      const length = [...w].length;
      return length >= PREFIX_MIN && length <= PREFIX_MAX ? quote(w) : `${quote(w)}:*`;
    })
    .join(' & ');
}

/** The tsvector text of an entry: `body`'s words and prefixes, the first `nameWords` (the name) weighted A. */
export function entryVector(name: string, body: string): string {
  const nameWords = searchWords(name).length;
  const positions = new Map<string, number[]>();
  let budget = PREFIX_BUDGET;
  const add = (lexeme: string, position: number) => {
    const list = positions.get(lexeme);
    if (!list) {
      positions.set(lexeme, [position]);
      budget -= lexeme.length;
    } else if (list[list.length - 1] !== position) list.push(position);
  };
  body
    .split(' ')
    .filter((w) => w && Buffer.byteLength(w) <= MAX_LEXEME_BYTES)
    .forEach((word, i) => {
      const position = Math.min(i + 1, MAX_POSITION);
      add(word, position);
      if (budget <= 0) return;
      // Code points, not UTF-16 units, so a prefix never splits a character.
      const chars = [...word];
      for (let n = PREFIX_MIN; n < Math.min(chars.length, PREFIX_MAX + 1); n++) add(chars.slice(0, n).join(''), position);
    });
  return [...positions]
    .map(
      ([lexeme, at]) =>
        `${quote(lexeme)}:${at
          .slice(0, 256)
          .map((p) => `${p}${p <= nameWords ? 'A' : ''}`)
          .join(',')}`,
    )
    .join(' ');
}

/** Words are letters and digits only (searchWords); quoted and escaped anyway. */
const quote = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
