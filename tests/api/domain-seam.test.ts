/**
 * The domain seam end to end: a domain added to an existing database (created and seeded without
 * it) migrates, seeds once, answers its route, adds to init and authorises its room, on both
 * engines, with nothing edited outside its folder and the list it is passed in.
 */
import { beforeAll, expect, it } from 'vitest';
import { DOMAINS } from '../../server/domains';
import { enqueue } from '../../server/jobs';
import toy from '../fixtures/toy-domain';
import { describeBackends } from '../helpers/backends';
import { emitAck, socketFor } from '../helpers/sockets';

describeBackends('a domain added later,', (api) => {
  beforeAll(async () => {
    // The database exists, seeded, without the toy domain; then the server starts with it.
    await api.restart(0, { domains: [...DOMAINS, toy] });
  });

  it('migrates the existing database and applies its seed', async () => {
    const token = await api.signIn('admin');
    const res = await api.call('GET', 'toy/notes', { token });
    expect(res).toMatchObject({ status: 200, body: { shelf: 'Toys', notes: [{ id: 'n1', text: 'first note' }] } });
    const seeds = await api.server.ctx.store.list('seed');
    expect(seeds.map((s) => s.id)).toEqual(expect.arrayContaining(['demo', 'files', 'toy']));
  });

  it('adds its part to init', async () => {
    const res = await api.call<{ toy?: { greeting: string } }>('GET', 'init', { token: await api.signIn('maya') });
    expect(res.status).toBe(200);
    expect(res.body.toy).toEqual({ greeting: 'hello Maya' });
  });

  it('authorises its room for each viewer', async () => {
    const ada = await socketFor(api.url, await api.signIn('admin'));
    const maya = await socketFor(api.url, await api.signIn('maya'));
    try {
      expect(await emitAck(ada, 'toyShelf:subscribe', { id: 'main' })).toEqual({ ok: true });
      expect(await emitAck(ada, 'toyShelf:subscribe', { id: 'nope' })).toEqual({ ok: false, error: 'forbidden' });
      expect(await emitAck(maya, 'toyShelf:subscribe', { id: 'main' })).toEqual({ ok: false, error: 'forbidden' });
    } finally {
      ada.disconnect();
      maya.disconnect();
    }
  });

  it('runs its job', async () => {
    await enqueue(api.server.ctx, 'toy.addNote', { id: 'n2', text: 'from a job' });
    const token = await api.signIn('admin');
    for (let i = 0; i < 100; i++) {
      const res = await api.call<{ notes: { id: string }[] }>('GET', 'toy/notes', { token });
      if (res.body.notes.length === 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await api.call('GET', 'toy/notes', { token })).body).toMatchObject({ notes: [{ id: 'n1' }, { id: 'n2', text: 'from a job' }] });
  });

  it('runs neither its migration nor its seed twice', async () => {
    await api.server.ctx.store.transaction((tx) => tx.put('toyShelf', 'main', { label: 'Renamed' }));
    await api.restart(0, { domains: [...DOMAINS, toy] });
    const res = await api.call<{ shelf: string; notes: unknown[] }>('GET', 'toy/notes', { token: await api.signIn('admin') });
    expect(res.body).toMatchObject({ shelf: 'Renamed', notes: [{ id: 'n1' }, { id: 'n2' }] });
  });

  it('refuses a domain list that declares a kind, a migration or a job twice', async () => {
    const twin = { ...toy, name: 'toy-twin' };
    await expect(api.restart(0, { domains: [...DOMAINS, toy, twin] })).rejects.toThrow(/declared by domain toy/);
    await expect(api.restart(0, { domains: [...DOMAINS, toy, { name: 'toy-jobs', jobs: toy.jobs }] })).rejects.toThrow(
      'domain toy-jobs: job "toy.addNote" is also declared by domain toy',
    );
    await api.restart(0, { domains: [...DOMAINS, toy] });
  });
});
