/**
 * Private chat across two server processes (the built server) sharing one PostgreSQL schema: a
 * message sent through one arrives on the recipient's socket connected to the other, with her
 * unread count; a typing relayed from a socket of the other process arrives too; and a socket in
 * the chat's room on one process keeps the notification from being stored for a send through the
 * other (the room lookup crosses processes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatMessageEvent, ChatSummary, ChatTypingEvent, ChatUnreadEvent } from '../../schemas/model/api/chat';
import type { NotificationPageResponse } from '../../schemas/model/api/notifications';
import { backendEnv, createSchemaName, dropSchema, requirePostgres, signInAt } from '../helpers/api-server';
import { startServer, type RunningServer } from '../helpers/server-process';
import { emitAck, nextEvent, recordEvents, settle, socketFor } from '../helpers/sockets';

async function call<T>(url: string, method: string, token: string, body?: unknown): Promise<{ status: number; body: T }> {
  const answer = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as T };
}

describe('private chat across server processes sharing PostgreSQL', () => {
  let schema: string;
  let dataDir: string;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    await requirePostgres();
    schema = await createSchemaName();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-chat-procs-'));
    // The first process migrates and seeds; the second starts on the ready database.
    a = await startServer(backendEnv('postgres', schema), dataDir);
    b = await startServer(backendEnv('postgres', schema), dataDir);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    if (schema) await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a message sent through one process reaches the recipient on the other, with her count and typing', async () => {
    const [maya, victor] = await Promise.all([signInAt(a.url, 'maya'), signInAt(b.url, 'victor')]);
    const opened = await call<ChatSummary>(`${a.url}/api/v1/chat/private`, 'PUT', maya, { to: 'victor' });
    expect(opened.status).toBe(201);
    const chatId = opened.body.id;
    const victorOnB = await socketFor(b.url, victor);
    try {
      const heard = nextEvent<ChatMessageEvent>(victorOnB, 'chat:newMessage');
      const count = nextEvent<ChatUnreadEvent>(victorOnB, 'chat:unreadCount');
      const notified = nextEvent<{ message: string }>(victorOnB, 'events:notification');
      const badge = nextEvent<{ type: string }>(victorOnB, 'notifications:count');
      const sent = await call<ChatMessage>(`${a.url}/api/v1/chat/private/${chatId}`, 'PUT', maya, { message: 'across processes' });
      expect(sent.status).toBe(201);
      expect((await heard).message).toEqual(sent.body);
      expect(await count).toEqual({ chatId, unread: 1, totalUnread: 2 });
      expect((await notified).message).toBe('across processes');
      expect((await badge).type).toBe('chat');

      const typing = nextEvent<ChatTypingEvent>(victorOnB, 'chat:typing');
      const mayaOnA = await socketFor(a.url, maya);
      try {
        mayaOnA.emit('chat:typing', { chatId });
        expect(await typing).toEqual({ chatId, accountId: 'maya' });
      } finally {
        mayaOnA.disconnect();
      }

      // Victor looks at the chat on process B: a send through A stores no notification for him.
      expect(await emitAck(victorOnB, 'chat:subscribe', { id: chatId })).toEqual({ ok: true });
      const events = recordEvents(victorOnB);
      const second = nextEvent<ChatMessageEvent>(victorOnB, 'chat:newMessage');
      await call(`${a.url}/api/v1/chat/private/${chatId}`, 'PUT', maya, { message: 'while he looks' });
      await second;
      await settle();
      expect(events.map((e) => e.event).sort()).toEqual(['chat:newMessage', 'chat:unreadCount']);
      const notes = await call<NotificationPageResponse>(`${b.url}/api/v1/profile/notifications/chat/0?limit=50`, 'GET', victor);
      const ofChat = notes.body.items.filter((n) => n.data.chatId === chatId).map((n) => n.message);
      expect(ofChat).toEqual(['across processes']);
    } finally {
      victorOnB.disconnect();
    }
  });
});
