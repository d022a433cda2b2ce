/**
 * The one way a membership request changes state (an admin's decision, a member applying,
 * withdrawing or re-applying): in one transaction the request is locked and checked (the state
 * the admin saw, the move allowed for the actor by engine/core/membership-moves, both from the
 * state of the membership the request mirrors), its membership
 * moves through the lists domain's `moveMembership` (protected lists, capacity, the member's
 * realtime), the request takes the membership's state, the move joins its history and the
 * decision's email is queued; once committed, the notifications go out (./notices.ts).
 */
import crypto from 'node:crypto';
import { canMoveMembership, PENDING_REQUEST_STATES, type MembershipActor } from '../../engine/core/membership-moves';
import type { Id, JsonValue, MembershipState } from '../../schemas/model';
import type { AppContext } from '../context';
import { sendEmail } from '../email/send';
import { conflict, notFound } from '../errors';
import { moveMembership } from '../lists';
import { membershipsOf } from '../lists/memberships';
import { refusedMove } from '../lists/list-errors';
import type { DocumentTx } from '../storage/documents';
import { applicationsDb, type MembershipRequestsTable } from './applications-table';
import { announceMove, memberLink, moveSentence } from './notices';
import { readRequest, type ApplicationRecord, type RequestRecord } from './records';

export interface RequestMove {
  application: ApplicationRecord;
  /** The request by id (an admin's decision), else the one of this account and entity (created when none). */
  requestId?: Id;
  accountId: Id;
  entityId?: Id;
  to: MembershipState;
  actor: MembershipActor;
  /** Who moves it. */
  by: Id;
  message?: string;
  /** New answers (applying); absent: the stored ones stay. */
  answers?: Record<string, JsonValue>;
  /** The state the admin saw: 409 when it is not the state now. */
  changedFrom?: MembershipState;
  /** An email template to send the member with this move (checked to exist by the caller). */
  emailTemplateId?: string;
  /** False: no notification and no email. */
  notify: boolean;
}

export interface MovedRequest {
  request: RequestRecord;
  from: MembershipState | null;
}

async function lockedRequest(ctx: AppContext, tx: DocumentTx, move: RequestMove): Promise<MembershipRequestsTable | undefined> {
  return applicationsDb(tx.raw)
    .selectFrom('membership_requests')
    .selectAll()
    .$if(move.requestId !== undefined, (q) => q.where('id', '=', move.requestId!))
    .$if(move.requestId === undefined, (q) =>
      q
        .where('application_id', '=', move.application.id)
        .where('account_id', '=', move.accountId)
        .where('entity_id', '=', move.entityId ?? ''),
    )
    .$if(ctx.engine === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

let sequence = 0;

/** Event ids that sort in the order this process made them (a history read by time and id keeps two moves of one millisecond in order). */
function eventIdNow(): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${Date.now().toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}-${crypto.randomUUID().slice(0, 8)}`;
}

export async function moveRequest(ctx: AppContext, move: RequestMove): Promise<MovedRequest> {
  const app = move.application;
  const eventId = eventIdNow();
  // The sentence of the email, in the member's language, read before the transaction (SQLite has one connection).
  const emailMessage = move.notify && move.emailTemplateId ? move.message || (await moveSentence(ctx, move.accountId, move.to, app.label)) : '';
  const moved = await ctx.store.transaction(async (tx): Promise<MovedRequest> => {
    const db = applicationsDb(tx.raw);
    const row = await lockedRequest(ctx, tx, move);
    if (move.requestId !== undefined && !row) throw notFound(`membership request "${move.requestId}" does not exist`);
    const current = row ? readRequest(row) : undefined;
    // The request mirrors its membership: the membership's state now is where the move starts
    // (an admin of the list may have moved or removed it since the request last moved).
    const held = (await membershipsOf(tx.raw, move.accountId)).find((m) => m.userListId === app.listId && m.entityId === move.entityId);
    const from = held?.state ?? null;
    if (move.changedFrom !== undefined && move.changedFrom !== from)
      throw conflict(`the request is "${from ?? 'none'}" now, not "${move.changedFrom}": someone changed it meanwhile; reload it and decide again`);
    if (!canMoveMembership(from, move.to, move.actor)) throw refusedMove(from, move.to);
    const { membership } = await moveMembership(ctx, tx, {
      listId: app.listId,
      accountId: move.accountId,
      to: move.to,
      actor: move.actor,
      entityId: move.entityId,
    });
    const now = Date.now();
    const pending = PENDING_REQUEST_STATES.includes(move.to);
    let request: RequestRecord;
    if (current) {
      const changes = {
        state: move.to,
        list_membership_id: membership.id,
        ...(move.answers ? { answers: JSON.stringify(move.answers) } : {}),
        // An admin's decision says what it says (or nothing); the member's moves keep the admin's last word.
        ...(move.actor === 'admin' ? { last_message: move.message ?? null } : {}),
        // A request waiting again leaves the archive.
        ...(pending ? { archived: 0 } : {}),
        updated_at: now,
      };
      await db.updateTable('membership_requests').set(changes).where('id', '=', current.id).execute();
      request = readRequest({ ...row!, ...changes });
    } else {
      const created: MembershipRequestsTable = {
        id: `mr-${crypto.randomUUID()}`,
        application_id: app.id,
        account_id: move.accountId,
        entity_id: move.entityId ?? '',
        state: move.to,
        list_membership_id: membership.id,
        answers: JSON.stringify(move.answers ?? {}),
        last_message: move.actor === 'admin' ? (move.message ?? null) : null,
        archived: 0,
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('membership_requests').values(created).execute();
      request = readRequest(created);
    }
    await db
      .insertInto('membership_request_events')
      .values({ id: eventId, request_id: request.id, from_state: from, to_state: move.to, by_account: move.by, message: move.message ?? null, at: now })
      .execute();
    if (emailMessage)
      await sendEmail(
        ctx,
        {
          accountId: move.accountId,
          templateId: move.emailTemplateId!,
          params: { title: app.label, message: emailMessage, link: memberLink(app), state: move.to },
          key: `applications:${request.id}:${eventId}`,
        },
        { tx },
      );
    return { request, from };
  });
  if (move.notify)
    await announceMove(ctx, {
      application: app,
      requestId: moved.request.id,
      eventId,
      accountId: move.accountId,
      to: move.to,
      by: move.by,
      message: move.message,
      emailed: !!emailMessage,
    });
  return moved;
}
