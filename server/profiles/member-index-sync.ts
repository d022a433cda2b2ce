/**
 * Keeps the member index current: every write of a profile, an account (its privacy) or its list
 * memberships (server/lists) rewrites that member's entry in the same transaction, so a search never sees a
 * value its owner has just made private.
 */
import { dataPrivacyDamage } from '../../engine/core/profile-privacy';
import type { Profile } from '../../schemas/model';
import type { Account } from '../model';
// The search domain's files themselves, not its manifest: the manifest's userIndexing process imports this file.
import { memberDocument } from '../search/member-document';
import { createMemberIndex, type MemberIndex } from '../search/member-index';
import { memberSearchSettings } from '../search/search-settings';
import type { SearchIndexSettings } from '../../schemas/model/api/search-management';
import { sql } from 'kysely';
import type { DocumentStore, DocumentTx } from '../storage/documents';
import { MEMBERSHIPS_KEY, membershipsByAccount, membershipsOf } from '../lists/memberships';

const indexes = new Map<'sqlite' | 'postgres', MemberIndex>();

/** The member index of a database engine (one per process). */
export function memberIndexFor(engine: 'sqlite' | 'postgres'): MemberIndex {
  let index = indexes.get(engine);
  if (!index) indexes.set(engine, (index = createMemberIndex(engine)));
  return index;
}

async function documentFor(tx: DocumentTx, accountId: string, settings: SearchIndexSettings) {
  const account = (await tx.get<Account>('account', accountId))?.data;
  if (!account) return undefined;
  const listMemberships = await membershipsOf(tx.raw, accountId);
  return memberDocument({ ...account, listMemberships }, (await tx.get<Profile>('profile', accountId))?.data, settings);
}

/**
 * Rewrites one member's entry (or removes it when the account is gone), inside the writing
 * transaction, under the search settings (read in that transaction unless given).
 */
export async function indexMember(tx: DocumentTx, index: MemberIndex, accountId: string, settings?: SearchIndexSettings): Promise<void> {
  const doc = await documentFor(tx, accountId, settings ?? (await memberSearchSettings(tx)));
  if (doc) await index.put(tx.raw, doc);
  else await index.remove(tx.raw, accountId);
}

/**
 * Wires the index to the store: every transaction that writes accounts or profiles rewrites their
 * entries before it commits; an empty index over existing accounts (a database from before the
 * index, a restore) is filled once at start.
 */
export async function keepMemberIndexCurrent(store: DocumentStore, engine: 'sqlite' | 'postgres'): Promise<void> {
  const index = memberIndexFor(engine);
  store.onWrite(['account', 'profile', MEMBERSHIPS_KEY], async (tx, ids) => {
    const settings = await memberSearchSettings(tx);
    for (const id of ids) await indexMember(tx, index, id, settings);
  });
  if (await index.isEmpty(store.kysely)) await reindexMembers(store, index);
  else await repairMemberIndex(store, index);
}

/**
 * Rewrites, from the account and profile, the entries the index may hold wrongly: those whose
 * public values are damaged (not a JSON object), and those of accounts whose privacy cannot be
 * read (now every item private, so their values leave the index). Run at start, when a search
 * meets a damaged entry, and when an account is first read with a repair; each rewrite is logged.
 */
export async function repairMemberIndex(store: DocumentStore, index: MemberIndex, accountIds?: string[]): Promise<number> {
  const ids = new Set(accountIds ?? (await index.damagedEntries(store.kysely)));
  if (!accountIds) for (const { id, data } of await store.list<Account>('account')) if (dataPrivacyDamage(data.dataPrivacy)) ids.add(id);
  if (!ids.size) return 0;
  await store.transaction(async (tx) => {
    const settings = await memberSearchSettings(tx);
    for (const id of ids) await indexMember(tx, index, id, settings);
  });
  console.warn(`Tessera rewrote the member search entries of ${[...ids].map((id) => `"${id}"`).join(', ')} from their accounts and profiles`);
  return ids.size;
}

/**
 * Runs a search; when it fails on an entry damaged outside the app (SQLite refuses text that is
 * not JSON), repairs the damaged entries and runs it once more, so the searcher gets an answer.
 */
export async function searchTolerantly<T>(store: DocumentStore, index: MemberIndex, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const damaged = await index.damagedEntries(store.kysely);
    if (!damaged.length) throw error;
    await repairMemberIndex(store, index, damaged);
    return run();
  }
}

/** Indexes every account. */
export async function reindexMembers(store: DocumentStore, index: MemberIndex): Promise<number> {
  const accounts = await store.list<Account>('account');
  const profiles = new Map((await store.list<Profile>('profile')).map((d) => [d.id, d.data]));
  const memberships = await membershipsByAccount(store.kysely);
  const settings = await memberSearchSettings(store);
  const docs = accounts.map((a) => memberDocument({ ...a.data, listMemberships: memberships.get(a.id) ?? [] }, profiles.get(a.id), settings));
  await store.transaction(async (tx) => index.putMany(tx.raw, docs));
  return docs.length;
}

/** How many accounts the member index covers (a reindex's total). */
export async function countMembers(store: DocumentStore): Promise<number> {
  const row = await store.kysely
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', '=', 'account')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What one batch of a member reindex did. */
export interface MemberIndexBatch {
  /** The last account id of the batch: the next batch starts after it; undefined when there were none left. */
  last: string | undefined;
  indexed: number;
  /** Accounts whose profile could not be read: indexed with their name only (nothing of the profile can be public). */
  unreadableProfiles: string[];
  /** Entries removed because their accounts are gone. */
  removed: number;
}

/**
 * Rewrites the entries of the next `limit` accounts after `after` (account id order) under
 * `settings`, in one transaction: safe to repeat, since each entry is rewritten whole from the
 * account and profile as they are now. Entries in the range whose account is gone are removed.
 */
export async function indexMemberBatch(
  store: DocumentStore,
  index: MemberIndex,
  after: string,
  limit: number,
  settings: SearchIndexSettings,
): Promise<MemberIndexBatch> {
  return store.transaction(async (tx) => {
    const ids = (
      await tx.raw.selectFrom('documents').select('id').where('kind', '=', 'account').where('id', '>', after).orderBy('id').limit(limit).execute()
    ).map((r: { id: string }) => r.id);
    const last = ids.length ? ids[ids.length - 1] : undefined;
    const accounts = await tx.getMany<Account>('account', ids);
    const profiles = new Map((await tx.getMany<Profile>('profile', ids)).map((d) => [d.id, d.data]));
    // A profile row that is there but does not read (not JSON, not an object): the store reads it as absent.
    const stored = ids.length
      ? (await sql<{ id: string }>`select id from documents where kind = 'profile' and id in (${sql.join(ids)})`.execute(tx.raw)).rows.map((r) => r.id)
      : [];
    const unreadableProfiles = stored.filter((id) => !profiles.has(id));
    const memberships = await membershipsByAccount(tx.raw, ids);
    const docs = accounts
      .filter((a) => a.data && typeof a.data === 'object')
      .map((a) => memberDocument({ ...a.data, accountId: a.id, listMemberships: memberships.get(a.id) ?? [] }, profiles.get(a.id), settings));
    if (docs.length) await index.putMany(tx.raw, docs);
    const stray = await index.strayEntries(tx.raw, after, last, new Set(docs.map((d) => d.accountId)));
    for (const id of stray) await index.remove(tx.raw, id);
    return { last, indexed: docs.length, unreadableProfiles, removed: stray.length };
  });
}
