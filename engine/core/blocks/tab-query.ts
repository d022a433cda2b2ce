/** Tab state in the `tab` query parameter: a comma list of blockhash_tabhash pairs (spec core 2.6). */

export type TabSelections = Map<string, string>;

const PAIR = /^([A-Za-z0-9-]+)_([A-Za-z0-9_-]+)$/;

export function parseTabParam(value: string | null | undefined): TabSelections {
  const selections: TabSelections = new Map();
  for (const part of (value ?? '').split(',')) {
    const match = PAIR.exec(part.trim());
    if (match) selections.set(match[1], match[2]);
  }
  return selections;
}

export function formatTabParam(selections: TabSelections): string {
  return [...selections].map(([block, tab]) => `${block}_${tab}`).join(',');
}

/** A stable short hash of an id for the query string (ids may hold characters a URL pair cannot). */
export function tabHash(id: string): string {
  if (/^[A-Za-z0-9-]+$/.test(id)) return id;
  let h = 5381;
  for (const ch of id) h = ((h * 33) ^ ch.codePointAt(0)!) >>> 0;
  return h.toString(36);
}
