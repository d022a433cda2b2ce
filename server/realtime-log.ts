/**
 * Event ids per realtime room and the recent events of each room (core migration
 * `20261129T0830_core_realtime_rooms`), so a socket that reconnects asks for what it missed: the
 * PostgreSQL adapter relays live events between processes but replays nothing.
 *
 * - `realtime_rooms`: one row per room that has had an event, its last id. An id is taken with one
 *   upsert (`last_id + 1 ... RETURNING`), so ids of a room rise by one across every process.
 * - `realtime_events`: a ring of the room's last `RING_SIZE` events, slot `id % RING_SIZE`, so the
 *   log of a room is bounded without a sweep. `payload` null marks an event sent to each viewer
 *   its own way (nothing one copy could replay): a catch-up across it answers "refetch".
 *
 * A catch-up reads the ring after the socket joined the room: an event whose id was taken but whose
 * slot is not written yet reaches the socket live, so a hole below the room's last id is not a loss.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DB } from './storage/database';

/** Events a room keeps for sockets that reconnect; a gap beyond them is answered with "refetch". */
export const RING_SIZE = 64;

interface RealtimeRoomsTable {
  room: string;
  last_id: number | string;
}

interface RealtimeEventsTable {
  room: string;
  slot: number;
  id: number | string;
  event: string;
  /** The send's own id: a socket in several of its rooms applies it once. */
  eid: string;
  /** JSON; null for an event each viewer got its own way. */
  payload: string | null;
  created_at: number | string;
}

type LogDB = DB & { realtime_rooms: RealtimeRoomsTable; realtime_events: RealtimeEventsTable };

export function realtimeLogMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('realtime_rooms')
        .addColumn('room', 'varchar(240)', (c) => c.primaryKey())
        .addColumn('last_id', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('realtime_events')
        .addColumn('room', 'varchar(240)', (c) => c.notNull())
        .addColumn('slot', 'integer', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('event', 'varchar(200)', (c) => c.notNull())
        .addColumn('eid', 'varchar(64)', (c) => c.notNull())
        .addColumn('payload', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('realtime_events_pk', ['room', 'slot'])
        .execute();
    },
  };
}

/** A logged event as a catch-up replays it. */
export interface LoggedEvent {
  id: number;
  eid: string;
  event: string;
  payload: unknown;
}

/** What a room holds after `since`: the events to replay in order, or `refetch` when they are not all kept. */
export interface CatchUp {
  lastId: number;
  events: LoggedEvent[];
  refetch: boolean;
}

export class RealtimeLog {
  private readonly db: Kysely<LogDB>;

  constructor(db: Kysely<DB>) {
    this.db = db.withTables<{ realtime_rooms: RealtimeRoomsTable; realtime_events: RealtimeEventsTable }>();
  }

  /** Takes the room's next id and keeps the event in its ring; `payload` undefined: each viewer got its own. */
  async append(room: string, eid: string, event: string, payload: unknown): Promise<number> {
    const { last_id } = await this.db
      .insertInto('realtime_rooms')
      .values({ room, last_id: 1 })
      .onConflict((oc) => oc.column('room').doUpdateSet({ last_id: sql`realtime_rooms.last_id + 1` }))
      .returning('last_id')
      .executeTakeFirstOrThrow();
    const id = Number(last_id);
    const row = { room, slot: id % RING_SIZE, id, eid, event, payload: payload === undefined ? null : JSON.stringify(payload), created_at: Date.now() };
    // A slower writer of an older id never overwrites a newer event in the same slot.
    await this.db
      .insertInto('realtime_events')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['room', 'slot']).doUpdateSet({ id, eid, event, payload: row.payload, created_at: row.created_at }).where('realtime_events.id', '<', id),
      )
      .execute();
    return id;
  }

  /** The room's last id (0 before its first event). */
  async lastId(room: string): Promise<number> {
    const row = await this.db.selectFrom('realtime_rooms').select('last_id').where('room', '=', room).executeTakeFirst();
    return row ? Number(row.last_id) : 0;
  }

  /**
   * What the room had after `since`. Refetch when the ring no longer holds all of it, when one of
   * them went to each viewer its own way, or when `since` is ahead of the room (a log that was
   * reset, or a number the client made up).
   */
  async since(room: string, since: number): Promise<CatchUp> {
    const lastId = await this.lastId(room);
    if (since === lastId) return { lastId, events: [], refetch: false };
    if (since > lastId || lastId - since > RING_SIZE) return { lastId, events: [], refetch: true };
    const rows = await this.db
      .selectFrom('realtime_events')
      .select(['id', 'eid', 'event', 'payload'])
      .where('room', '=', room)
      .where('id', '>', since)
      .orderBy('id')
      .execute();
    const events: LoggedEvent[] = [];
    for (const row of rows) {
      if (row.payload === null) return { lastId, events: [], refetch: true };
      try {
        events.push({ id: Number(row.id), eid: row.eid, event: row.event, payload: JSON.parse(row.payload) });
      } catch {
        // A damaged row: the client cannot be given what it missed, so it reads again.
        return { lastId, events: [], refetch: true };
      }
    }
    return { lastId: Math.max(lastId, ...events.map((e) => e.id)), events, refetch: false };
  }
}
