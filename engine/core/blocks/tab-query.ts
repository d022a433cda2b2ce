/** Tab state in the `tab` query parameter: a comma list of blockhash_tabhash pairs (spec core 2.6). */

export type TabSelections = Map<string, string>;

const PAIR = /^([A-Za-z0-9-]+)_([A-Za-z0-9_-]+)$/;
const BARE = /^[A-Za-z0-9-]+$/;

export function parseTabParam(value: string | null | undefined): TabSelections {
  const selections: TabSelections = new Map();
  for (const part of (value ?? '').split(',')) {
    const match = PAIR.exec(part.trim());
    if (match) selections.set(match[1], match[2]);
  }
  return selections;
}

/** Parts naming a tab alone (`?tab=textiles`): a short deep link that selects that tab in whichever tabs block has it. */
export function bareTabs(value: string | null | undefined): Set<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => BARE.test(part)),
  );
}

/** The tab a block shows: its own pair, else the first of its tabs named alone, else none (the block's first tab). */
export function selectedTabHash(value: string | null | undefined, blockHash: string, tabHashes: readonly string[]): string | undefined {
  const paired = parseTabParam(value).get(blockHash);
  if (paired) return paired;
  const bare = bareTabs(value);
  return tabHashes.find((h) => bare.has(h));
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
