/**
 * The entities admin area (admin/areas/entities) under jsdom in the real /admin frame, against the
 * real server on SQLite and PostgreSQL: the definitions list and the §8 "Error creating entity
 * definition" with the server's reason; a field added through the fields tab (the key rule
 * first); an entity's title saved and a slug another entity holds refused at the slug field,
 * nothing changed; and the panels read-only for an elevated user whose grants let her open them
 * but not change them (core §6), the server refusing her the same write.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { adminAreaLoaders } from '../../admin/areas/index.generated';
import type { AdminToast } from '../../admin/frame/types';
import en from '../../engine/core/i18n/messages/en/adminAreas.json' with { type: 'json' };
import type { Entity, EntityDefinition } from '../../schemas/model';
import type { UserListView } from '../../schemas/model/api/lists';
import { patchTextEncoderForJsdom } from '../helpers/admin-server';
import { adminFrameServices, renderAdminFrame } from '../helpers/admin-frame';
import { describeBackends } from '../helpers/backends';
import { grantThroughList } from '../helpers/staff-grants';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ hookTimeout: 120_000 });
patchTextEncoderForJsdom();

const texts = en.entities;

beforeAll(async () => {
  await adminAreaLoaders.entities();
});
afterEach(() => vi.restoreAllMocks());

describeBackends('the entities admin area', (api) => {
  let admin: string;
  const createDefinition = async (name: string, extra: Partial<EntityDefinition> = {}) => {
    const res = await api.call<EntityDefinition>('PUT', 'entityDefinitions', { token: admin, body: { name, conceptType: 'group', ...extra } });
    expect(res.status).toBe(201);
    return res.body;
  };
  const createEntity = async (definitionId: string, title: string, slug: string, data?: Record<string, string>) => {
    const res = await api.call<Entity>('PUT', `entities/${definitionId}`, { token: admin, body: { title, slug, ...(data ? { data } : {}) } });
    expect(res.status).toBe(201);
    return res.body;
  };
  const entity = async (id: string) => (await api.call<Entity>('GET', `entities/${id}`, { token: admin })).body;

  beforeAll(async () => {
    admin = await api.signIn('admin');
  });

  it('lists definitions, creates one, and says the §8 sentence with the reason when creation is refused', async () => {
    const listed = await createDefinition(`Reading circles ${api.backend}`);
    const toasts: AdminToast[] = [];
    const first = renderAdminFrame(await adminFrameServices(api, admin, toasts), '/admin/entities');
    const search = await screen.findByRole('searchbox', { name: texts.definitions.search });
    fireEvent.change(search, { target: { value: 'Reading circles' } });
    const row = (await screen.findByRole('link', { name: listed.name })).closest('tr')!;
    expect(within(row).getByText(texts.conceptTypes.group)).toBeInTheDocument();
    expect(within(row).getByText('0')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: texts.definitions.create }));
    const dialog = await screen.findByRole('dialog', { name: texts.definitions.createTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.definitions.createConfirm }));
    expect(await within(dialog).findByText(texts.definitions.nameRequired)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: texts.definitions.name }), { target: { value: `Choirs ${api.backend}` } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: texts.definitions.conceptType }), { target: { value: 'event' } });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.definitions.createConfirm }));
    expect(await screen.findByRole('heading', { name: `Definition “Choirs ${api.backend}”` })).toBeInTheDocument();
    expect(first.history.at(-1)).toMatch(/^\/admin\/entities\/[^/]+\/edit\/fields$/);
    expect(toasts).toContainEqual({ type: 'positive', message: `Definition “Choirs ${api.backend}” created.` });
    first.unmount();

    // A refusal: the session ends on the server before the create; the §8 title, the server's words under it.
    const ending = await api.signIn('admin');
    renderAdminFrame(await adminFrameServices(api, ending, []), '/admin/entities');
    fireEvent.click(await screen.findByRole('button', { name: texts.definitions.create }));
    const again = await screen.findByRole('dialog', { name: texts.definitions.createTitle });
    fireEvent.change(within(again).getByRole('textbox', { name: texts.definitions.name }), { target: { value: 'Never made' } });
    await api.call('GET', 'logout', { token: ending });
    fireEvent.click(within(again).getByRole('button', { name: texts.definitions.createConfirm }));
    const alert = await within(again).findByRole('alert');
    expect(alert).toHaveTextContent(texts.definitions.createFailed);
    expect(alert.textContent!.length).toBeGreaterThan(texts.definitions.createFailed.length);
    const all = (await api.call<{ items: EntityDefinition[] }>('GET', 'entityDefinitions/search?q=Never%20made', { token: admin })).body;
    expect(all.items).toEqual([]);
  }, 60_000);

  it('adds a field through the fields tab, checking the key rule first', async () => {
    const def = await createDefinition(`Clubs ${api.backend}`);
    renderAdminFrame(await adminFrameServices(api, admin, []), `/admin/entities/${def.id}/edit/fields`);
    fireEvent.click(await screen.findByRole('button', { name: texts.fields.add }));
    const dialog = await screen.findByRole('dialog', { name: texts.fields.addTitle });
    fireEvent.change(within(dialog).getByRole('textbox', { name: texts.fields.label }), { target: { value: 'Club code' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: texts.fields.key }), { target: { value: '1code' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: texts.fields.unique }));
    fireEvent.click(within(dialog).getByRole('button', { name: texts.save }));
    expect(await within(dialog).findByText(texts.fields.keyProblems.invalidChars)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: texts.fields.key }), { target: { value: 'code' } });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Club code', { selector: 'strong' })).toBeInTheDocument();
    const stored = (await api.call<EntityDefinition>('GET', `entities/definition/${def.id}`, { token: admin })).body;
    expect(stored.fields).toEqual([expect.objectContaining({ key: 'code', label: 'Club code', type: 'text', unique: true })]);
  }, 60_000);

  it('deletes a definition without entities, and shows why one with entities stays', async () => {
    const busy = await createDefinition(`Leagues ${api.backend}`);
    await createEntity(busy.id, 'Premier', `premier-${api.backend}`);
    const empty = await createDefinition(`Empty ${api.backend}`);
    const first = renderAdminFrame(await adminFrameServices(api, admin, []), `/admin/entities/${busy.id}/edit/settings`);
    fireEvent.click(await screen.findByRole('button', { name: texts.definition.delete }));
    let dialog = await screen.findByRole('dialog', { name: `Delete the definition “${busy.name}”?` });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.definition.deleteConfirm }));
    const refused = await api.call<{ message: string }>('DELETE', `entityDefinitions/${busy.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refused.body.message);
    first.unmount();

    const second = renderAdminFrame(await adminFrameServices(api, admin, []), `/admin/entities/${empty.id}/edit/settings`);
    fireEvent.click(await screen.findByRole('button', { name: texts.definition.delete }));
    dialog = await screen.findByRole('dialog', { name: `Delete the definition “${empty.name}”?` });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.definition.deleteConfirm }));
    await waitFor(() => expect(second.history.at(-1)).toBe('/admin/entities'));
    expect((await api.call('GET', `entities/definition/${empty.id}`, { token: admin })).status).toBe(404);
  }, 60_000);

  it("saves an entity's title, and shows a slug another entity holds at the slug field, nothing changed", async () => {
    const def = await createDefinition(`Teams ${api.backend}`);
    const taken = await createEntity(def.id, 'Red team', `red-team-${api.backend}`);
    const mine = await createEntity(def.id, 'Blue team', `blue-team-${api.backend}`);
    const toasts: AdminToast[] = [];
    renderAdminFrame(await adminFrameServices(api, admin, toasts), `/admin/entities/${def.id}/entity/${mine.id}`);
    const basics = await screen.findByRole('form', { name: texts.entity.basics });
    fireEvent.change(within(basics).getByRole('textbox', { name: texts.entity.slug }), { target: { value: taken.slug } });
    fireEvent.click(within(basics).getByRole('button', { name: texts.save }));
    const refusal = await within(basics).findByRole('alert');
    expect(within(basics).getByRole('textbox', { name: texts.entity.slug })).toHaveAttribute('aria-invalid', 'true');
    expect(refusal.textContent).toMatch(/slug/i);
    expect((await entity(mine.id)).slug).toBe(mine.slug);

    fireEvent.change(within(basics).getByRole('textbox', { name: texts.entity.slug }), { target: { value: mine.slug } });
    fireEvent.change(within(basics).getByRole('textbox', { name: texts.entity.title }), { target: { value: 'Blue team (renamed)' } });
    fireEvent.click(within(basics).getByRole('button', { name: texts.save }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'positive', message: 'Entity “Blue team (renamed)” saved.' }));
    expect((await entity(mine.id)).title).toBe('Blue team (renamed)');
  }, 60_000);

  it('creates an entity with its fields from the new-entity screen, the slug made from the title', async () => {
    const def = await createDefinition(`Studios ${api.backend}`, { fields: [{ id: 'f-room', key: 'room', label: 'Room', type: 'text', required: true }] });
    const toasts: AdminToast[] = [];
    const view = renderAdminFrame(await adminFrameServices(api, admin, toasts), `/admin/entities/${def.id}/entity/new`);
    expect(await screen.findByRole('heading', { name: `New entity of “${def.name}”` })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: texts.entity.title }), { target: { value: `Blue Studio ${api.backend}` } });
    fireEvent.change(await screen.findByRole('textbox', { name: /Room/ }), { target: { value: 'B12' } });
    // The form engine lets Create go once the required Room is valid (its checks wait for typing to stop).
    const create = screen.getByRole('button', { name: texts.entity.create });
    await waitFor(() => expect(create).toBeEnabled());
    fireEvent.click(create);
    await waitFor(() => expect(view.history.at(-1)).toMatch(new RegExp(`^/admin/entities/${def.id}/entity/(?!new)[^/]+$`)));
    const id = view.history.at(-1)!.split('/').at(-1)!;
    expect(await entity(id)).toMatchObject({ title: `Blue Studio ${api.backend}`, slug: `blue-studio-${api.backend}`, data: { room: 'B12' } });
    expect(toasts).toContainEqual({ type: 'positive', message: `Entity “Blue Studio ${api.backend}” created.` });
  }, 60_000);

  it('saves the data form by key, and a duplicate of a unique field is refused naming the field, nothing changed', async () => {
    const def = await createDefinition(`Chapters ${api.backend}`, {
      fields: [{ id: 'f-code', key: 'code', label: 'Chapter code', type: 'text', unique: true }],
    });
    await createEntity(def.id, 'North', `north-${api.backend}`, { code: 'N1' });
    const south = await createEntity(def.id, 'South', `south-${api.backend}`, { code: 'S1' });
    const toasts: AdminToast[] = [];
    renderAdminFrame(await adminFrameServices(api, admin, toasts), `/admin/entities/${def.id}/entity/${south.id}`);
    const code = await screen.findByRole('textbox', { name: 'Chapter code' });
    expect(code).toHaveValue('S1');
    fireEvent.change(code, { target: { value: 'n1' } });
    fireEvent.click(await screen.findByRole('button', { name: texts.entity.saveFields }));
    await waitFor(() => expect(screen.getByText(/already has this Chapter code/)).toBeInTheDocument());
    expect((await entity(south.id)).data).toMatchObject({ code: 'S1' });

    fireEvent.change(code, { target: { value: 'S2' } });
    fireEvent.click(screen.getByRole('button', { name: texts.entity.saveFields }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'positive', message: 'Entity “South” saved.' }));
    expect((await entity(south.id)).data).toMatchObject({ code: 'S2' });
  }, 60_000);

  it("turns a power-up on, saves its membership types, and sends one of the definition's notifications", async () => {
    const def = await createDefinition(`Crews ${api.backend}`, {
      powerUps: ['membership', 'durations'],
      settings: { notificationsForEntities: ['entityUpdated'] },
    });
    const crew = await createEntity(def.id, 'Deck crew', `deck-crew-${api.backend}`);
    const list = (
      await api.call<UserListView>('PUT', 'userLists', { token: admin, body: { userList: { label: `Deck hands ${api.backend}`, capacity: null } } })
    ).body;
    const toasts: AdminToast[] = [];
    renderAdminFrame(await adminFrameServices(api, admin, toasts), `/admin/entities/${def.id}/entity/${crew.id}`);
    const membership = await screen.findByRole('switch', { name: new RegExp(texts.powerUps.names.membership) });
    expect(membership).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(membership);
    await waitFor(() => expect(membership).toHaveAttribute('aria-checked', 'true'));
    expect((await entity(crew.id)).powerUps).toContain('membership');

    const types = await screen.findByRole('form', { name: texts.membership.title });
    fireEvent.click(within(types).getByRole('button', { name: texts.membership.add }));
    fireEvent.change(within(types).getByRole('textbox', { name: texts.membership.label }), { target: { value: 'Sailor' } });
    await within(types).findByRole('option', { name: list.label });
    fireEvent.change(within(types).getByRole('combobox', { name: texts.membership.primaryUserList }), { target: { value: list.id } });
    fireEvent.change(within(types).getByRole('textbox', { name: texts.membership.tags }), { target: { value: 'deck, night' } });
    fireEvent.click(within(types).getByRole('button', { name: texts.membership.save }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'positive', message: `${texts.powerUps.names.membership} saved.` }));
    expect((await entity(crew.id)).powerUpData?.membership?.membershipType).toEqual([
      expect.objectContaining({ label: 'Sailor', primaryUserList: { value: list.id }, tags: { value: ['deck', 'night'] } }),
    ]);

    const notify = screen.getByRole('heading', { name: texts.notify.title }).closest('section')!;
    expect(
      within(notify)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([en.events.entityUpdated]);
    fireEvent.change(within(notify).getByRole('textbox', { name: texts.notify.message }), { target: { value: 'New rota is up.' } });
    fireEvent.click(within(notify).getByRole('button', { name: texts.notify.send }));
    await waitFor(() => expect(toasts.some((x) => x.type === 'positive' && x.message.startsWith('Notification sent to'))).toBe(true));
  }, 60_000);

  it('shows the panels read-only to an elevated user who may open them but not change them, as the server refuses her', async () => {
    const def = await createDefinition(`Guilds ${api.backend}`, { fields: [{ id: 'f-motto', key: 'motto', label: 'Motto', type: 'text' }] });
    const guild = await createEntity(def.id, 'Weavers', `weavers-${api.backend}`, { motto: 'Warp and weft' });
    // Elena (elevated) gets create on definitions and createEntities through a list: she opens both panels, changes neither.
    await grantThroughList(
      api,
      admin,
      `Entity helpers ${api.backend}`,
      ['entityDefinitions.create', 'entityDefinitions.createEntities', 'entityDefinitions.read'],
      ['elena'],
    );
    const elena = await api.signIn('elena');
    const services = await adminFrameServices(api, elena, []);

    const entityView = renderAdminFrame(services, `/admin/entities/${def.id}/entity/${guild.id}`);
    expect(await screen.findByText(texts.readOnly)).toBeInTheDocument();
    const title = await screen.findByRole('textbox', { name: texts.entity.title });
    expect(title).toBeDisabled();
    // The data form is the form engine's read-only view: the value shown, no input, no save.
    expect(await screen.findByText('Warp and weft')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Motto' })).toBeNull();
    expect(screen.queryByRole('button', { name: texts.save })).toBeNull();
    expect(screen.queryByRole('button', { name: texts.entity.saveFields })).toBeNull();
    expect(screen.queryByRole('button', { name: texts.delete.open })).toBeNull();
    expect(screen.queryByRole('combobox', { name: texts.settings.permissionType })).toBeNull();
    const refused = await api.call('POST', `entities/${guild.id}/settingsData`, { token: elena, body: { title: 'Hijacked' } });
    expect(refused.status).toBe(403);
    entityView.unmount();

    renderAdminFrame(services, `/admin/entities/${def.id}/edit/settings`);
    expect(await screen.findByText(texts.readOnly)).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: texts.definitions.name })).toBeDisabled();
    expect(screen.queryByRole('button', { name: texts.save })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: texts.definition.tab.fields }));
    expect(await screen.findByText('Motto', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: texts.fields.add })).toBeNull();
    expect(screen.queryByRole('button', { name: `${texts.fields.edit} Motto` })).toBeNull();
    expect((await api.call('POST', `entityDefinitions/${def.id}`, { token: elena, body: { name: 'Hijacked' } })).status).toBe(403);
  }, 60_000);
});
