/**
 * The entity blocks (issue 33) over the engine's data layer, its transport calling the real server
 * (in-process, SQLite; the API suites cover both databases) with the demo's workshops, events and
 * jobs (server/entities/seed.ts): hero and overview, join and leave with the landing page, join
 * boxes, the search with its filter, the map, the event and job cards and overviews, and what a
 * block says on a page without an entity.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataLayer, type DataTransport } from '../../../engine/data';
import type { Block, Entity } from '../../../schemas/model';
import { DEMO_ENTITIES } from '../../../server/entities/seed';
import { seriousAxeViolations } from '../../helpers/admin-render';
import { startAdminServer, type ApiServer } from '../../helpers/admin-server';
import { renderPage } from '../engine/helpers';

let server: ApiServer;
const tokens: Record<string, string> = {};

// Answers come from a real server over HTTP and block chunks load lazily: slow on a loaded machine.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(async () => {
  server = await startAdminServer();
  for (const who of ['admin', 'victor', 'chloe', 'bruno']) tokens[who] = await server.signIn(who);
}, 60_000);
afterAll(async () => server?.close());

const identity = { 'accept-encoding': 'identity' };

function transportAs(token: string): DataTransport & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async request({ method, path, body, query }) {
      calls.push(`${method} ${path}`);
      const qs = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '';
      const res = await server.call<never>(method, `${path}${qs}`, { token, body, headers: identity });
      if (res.status >= 400) throw Object.assign(new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`), { status: res.status });
      return res.body;
    },
  };
}

/** An admin's change to a demo entity, through the API. */
async function adminPost(path: string, body: unknown) {
  const res = await server.call('POST', path, { token: tokens.admin, body, headers: identity });
  expect(res.status).toBe(200);
}

const entityOf = async (ref: string, who = 'victor') => (await server.call<Entity>('GET', `entities/${ref}`, { token: tokens[who], headers: identity })).body;

function setup(blocks: Block[], { who = 'victor', entity }: { who?: string; entity?: Entity } = {}) {
  const store = createStore();
  const transport = transportAs(tokens[who]);
  const dataLayer = createDataLayer(store, transport, { ownAccountId: who });
  const navigated: string[] = [];
  renderPage({
    blocks,
    store,
    dataLayer,
    entity,
    user: { accountId: who, isAdmin: false, isElevated: false, listMemberships: [] },
    services: { navigate: (path) => navigated.push(path), mediaUrl: (o) => (o.id ? `/media/${o.id}?w=${o.width ?? ''}&r=${o.ratio ?? ''}` : undefined) },
  });
  return { transport, dataLayer, navigated };
}

describe('entity page blocks', { timeout: 40_000 }, () => {
  it('hero and overview show the entity per its definition; the favourite toggles on the server and its count is live', async () => {
    const user = userEvent.setup({ delay: null });
    const sprint = await entityOf('design-sprint');
    const { dataLayer } = setup(
      [
        { id: 'h', type: 'entityHero', options: { subtitleField: 'summary', coverHeight: 240 } },
        { id: 'o', type: 'entityOverview', options: { fields: ['summary', 'level'], layout: 'list' } },
      ],
      { entity: sprint },
    );
    const hero = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-block-id="h"] section');
      expect(found).toHaveAccessibleName('Design Sprint');
      return found!;
    });
    expect(within(hero).getByRole('heading', { name: 'Design Sprint' })).toBeInTheDocument();
    expect(within(hero).getByText('Five evenings from an idea to a tested prototype.')).toBeInTheDocument();
    // The cover is the definition's imageField through the media service, decorative (the title names it).
    await waitFor(() => expect(hero.querySelector('img.t-entity-hero__image')).toHaveAttribute('src', `/media/${sprint.data?.cover}?w=1920&r=`));
    expect(hero.querySelector('img')).toHaveAttribute('alt', '');
    expect(within(hero).getByRole('button', { name: /Share/ })).toBeInTheDocument();

    // The overview: labelled fields in the chosen order, option labels, the contact power-up.
    const overview = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-block-id="o"] section');
      expect(found).toHaveAccessibleName('Design Sprint');
      return found!;
    });
    await waitFor(() => expect(within(overview).getByText('Level')).toBeInTheDocument());
    const rows = [...overview.querySelectorAll('.t-entity-fields__row')].map((r) => [r.querySelector('dt')?.textContent, r.querySelector('dd')?.textContent]);
    expect(rows.slice(0, 2)).toEqual([
      ['Summary', 'Five evenings from an idea to a tested prototype.'],
      ['Level', 'Intermediate'],
    ]);
    expect(within(overview).getByRole('link', { name: 'hello@riverside-makers.example' })).toHaveAttribute('href', 'mailto:hello@riverside-makers.example');
    expect(within(overview).getByRole('link', { name: 'riverside-makers.example' })).toHaveAttribute('rel', 'noopener noreferrer');

    const add = await within(hero).findByRole('button', { name: /Add to favourites/ });
    await waitFor(() => expect(add).toBeEnabled());
    expect(add).toHaveAttribute('aria-pressed', 'false');
    const count = () => hero.querySelector('.t-entity-favourite__count');
    expect(count()).toHaveTextContent(`${sprint.favouriteCount ?? 0} favourited`);
    await user.click(add);
    expect(await within(hero).findByRole('button', { name: /Remove from favourites/ })).toHaveAttribute('aria-pressed', 'true');
    const own = await server.call<{ data: { meta: { favourites?: Record<string, string[]> } } }>('GET', 'profile/victor', {
      token: tokens.victor,
      headers: identity,
    });
    expect(own.body.data.meta.favourites?.entities).toContain(sprint.id);
    // The entity room's count (someone else's favourite) shows at once.
    act(() => void dataLayer.applyEvent('entities:favourites', { entityId: sprint.id, favouriteCount: 7 }));
    await waitFor(() => expect(count()).toHaveTextContent('7 favourited'));
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(hero).getByRole('button', { name: /Remove from favourites/ }));
    await within(hero).findByRole('button', { name: /Add to favourites/ });
  });

  it('joins and leaves after confirming; the count follows and the entity room can move it', async () => {
    const user = userEvent.setup({ delay: null });
    const wood = await entityOf('woodturning-basics', 'chloe');
    const { dataLayer, navigated } = setup([{ id: 'j', type: 'entityJoin', options: { joinLabel: 'Join us', leaveLabel: 'Leave group' } }], {
      who: 'chloe',
      entity: wood,
    });
    const join = await screen.findByRole('button', { name: 'Join us' });
    const counted = () => Number(/(\d+) of 12 places taken/.exec(document.querySelector('.t-entity-join__count')?.textContent ?? '')?.[1]);
    const before = counted();
    expect(before).toBeGreaterThanOrEqual(0);
    await user.click(join);
    expect(await screen.findByText('You are a member.')).toBeInTheDocument();
    expect(counted()).toBe(before + 1);
    // No landing page for a workshop of the default permission type.
    expect(navigated).toEqual([]);

    act(() => void dataLayer.applyEvent('entities:join', { entityId: wood.id, memberCount: 9 }));
    expect(counted()).toBe(9);

    // Leaving asks first; Cancel keeps her in and puts focus back on the button.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Leave group' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Leave group' }));
    const confirm = screen.getByRole('group', { name: 'Leave Woodturning Basics?' });
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Leave group' })).toHaveFocus());
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Leave group' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Leave group' }));
    await user.click(within(screen.getByRole('group')).getByRole('button', { name: 'Leave group' }));
    expect(await screen.findByRole('button', { name: 'Join us' })).toBeEnabled();
    await waitFor(() => expect(counted()).toBe(before));
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('join boxes: one per membership type with places left; joining goes to the landing page of that type', async () => {
    const user = userEvent.setup({ delay: null });
    const sprint = await entityOf('design-sprint', 'bruno');
    const { navigated } = setup([{ id: 'b', type: 'entityJoinBoxes', options: { columns: 2, applyLabel: 'Apply now' } }], { who: 'bruno', entity: sprint });
    const boxes = await screen.findByRole('list', { name: 'Ways to join Design Sprint' });
    const [participant, mentor] = within(boxes).getAllByRole('listitem');
    expect(within(participant).getByRole('heading', { name: 'Participant' })).toBeInTheDocument();
    expect(within(participant).getByText('Take part in the five evenings and build a prototype.')).toBeInTheDocument();
    expect(await within(participant).findByText(/^Places left: \d+$/)).toBeInTheDocument();
    expect(await within(mentor).findByText(/^Places left: \d+$/)).toBeInTheDocument();
    await user.click(within(mentor).getByRole('button', { name: 'Apply now' }));
    expect(await within(mentor).findByText('You are a member.')).toBeInTheDocument();
    await waitFor(() => expect(navigated).toEqual(['/space/design-sprint/spaces/mentors/']));
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('a block that needs an entity says so on a page without one; one that needs a power-up shows the renderer state', async () => {
    setup([
      { id: 'h', type: 'entityHero', options: { coverHeight: 240 } },
      { id: 'j', type: 'entityJoin', options: { joinLabel: 'Join', leaveLabel: 'Leave' } },
      { id: 'c', type: 'eventCard', options: { layout: 'vertical' } },
    ]);
    await waitFor(() => expect(screen.getAllByText(/This block shows an entity/)).toHaveLength(2));
    expect(document.querySelector('[data-block-state="missingData"]')).not.toBeNull();
  });
});

describe('entity search and map', { timeout: 40_000 }, () => {
  it('searches every definition by words and a filter of the chosen ones, with cards linking to the space', async () => {
    const user = userEvent.setup({ delay: null });
    setup([
      {
        id: 's',
        type: 'entitySearch',
        options: { title: 'Find a workshop', layout: 'grid', paginationMode: 'numbered', pageSize: 10, definitionIds: [DEMO_ENTITIES.workshops] },
      },
    ]);
    const region = await screen.findByRole('region', { name: 'Find a workshop' });
    expect(await within(region).findByText('3 found')).toBeInTheDocument();
    await user.selectOptions(await within(region).findByRole('combobox', { name: 'Level' }), 'Beginner');
    expect(await within(region).findByText('2 found')).toBeInTheDocument();
    await user.type(within(region).getByRole('searchbox', { name: 'Search' }), 'woodturning');
    expect(await within(region).findByText('1 found')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Woodturning Basics' })).toHaveAttribute('href', '/app/space/woodturning-basics');
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('maps entities of the chosen definitions within the radius as keyboard markers, reading their contact details', async () => {
    const { transport } = setup([
      {
        id: 'm',
        type: 'entityMap',
        options: { height: 300, center: { lat: 51.5, lng: -0.1 }, zoom: 11, radiusKm: 30, definitionIds: [DEMO_ENTITIES.workshops], clusterMarkers: false },
      },
    ]);
    expect(await screen.findByText('3 within 30 km')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'On the map' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(expect.arrayContaining(['Design Sprint', 'Woodturning Basics', 'Repair Café']));
    await waitFor(() => expect(document.querySelector('.leaflet-marker-icon[aria-label="Repair Café"]')).not.toBeNull());
    const markers = [...document.querySelectorAll<HTMLElement>('.leaflet-marker-icon')];
    expect(markers.map((m) => m.getAttribute('aria-label')).sort()).toEqual(['Design Sprint', 'Repair Café', 'Woodturning Basics']);
    expect(markers.every((m) => m.tabIndex === 0)).toBe(true);
    // The summaries carry no contact: the entities with the power-up are read for the popups' lines.
    await waitFor(() => expect(transport.calls).toContain('POST entities/get'));
  });
});

describe('events and jobs', { timeout: 40_000 }, () => {
  it('an event card by id and the event overview: dates in the time zone, place, and three calendar links', async () => {
    const before = await entityOf('open-evening');
    // The event keeps its own time zone (durations power-up); the dates show in it, whatever the viewer's.
    await adminPost(`entities/${before.id}/durations/powerUpData`, { data: { ...before.powerUpData?.durations, timeZone: 'Europe/Paris' } });
    const evening = await entityOf('open-evening');
    setup(
      [
        { id: 'c', type: 'eventCard', options: { entityId: 'demo-event-repair-day', layout: 'vertical', descriptionLength: 10 } },
        { id: 'v', type: 'eventOverview', options: {} },
      ],
      { entity: evening },
    );
    const card = await screen.findByRole('article', { name: 'Repair day' });
    expect(within(card).getByRole('link', { name: 'Repair day' })).toHaveAttribute('href', '/app/space/repair-day');
    expect(await within(card).findByText('Brixton Library')).toBeInTheDocument();
    expect(within(card).getByText('Menders at…')).toBeInTheDocument();

    // The overview's chunk may load after the card's: wait for it.
    const overview = await screen.findByRole('region', { name: 'Open evening' });
    const start = Date.parse(String(evening.powerUpData?.durations?.start));
    const paris = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(start);
    expect(within(overview).getByText(/^When:/).parentElement).toHaveTextContent(paris);
    expect(overview.querySelector('.t-entity-dates__zone')?.textContent).toMatch(/\((CET|CEST|GMT\+1|GMT\+2)\)/);
    const calendar = within(overview).getByRole('navigation', { name: 'Add to calendar' });
    const links = within(calendar).getAllByRole('link');
    expect(links.map((a) => new URL(a.getAttribute('href')!).hostname)).toEqual(['calendar.google.com', 'outlook.live.com', 'calendar.yahoo.com']);
    const google = new URL(links[0].getAttribute('href')!);
    expect(google.searchParams.get('text')).toBe('Open evening');
    expect(google.searchParams.get('location')).toBe('Canal Yard, Unit 4');
    expect(google.searchParams.get('details')).toBe('Tour the workshop and meet the makers.');
    expect(google.searchParams.get('dates')).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
    expect(links.every((a) => a.getAttribute('rel') === 'noopener noreferrer' && a.getAttribute('target') === '_blank')).toBe(true);
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('a job card and overview: employer, salary, closing date and an apply link to an http(s) address only', async () => {
    const job = await entityOf('workshop-technician');
    setup(
      [
        { id: 'c', type: 'jobCard', options: { entityId: 'demo-job-coordinator', layout: 'horizontal' } },
        { id: 'v', type: 'jobOverview', options: {} },
      ],
      { entity: job },
    );
    const card = await screen.findByRole('article', { name: 'Volunteer coordinator' });
    expect(within(card).getByText('Brixton Repair Network')).toBeInTheDocument();
    expect(within(card).getByText('Salary: £14 an hour, part time')).toBeInTheDocument();
    expect(within(card).getByText(/^Closes on \d{4}-\d{2}-\d{2}$/)).toBeInTheDocument();
    const overview = await screen.findByRole('region', { name: 'Workshop technician' });
    expect(within(overview).getByRole('link', { name: 'Apply for this job' })).toHaveAttribute('href', 'https://riverside-makers.example/jobs');
    expect(within(overview).getByText('£28,000 a year')).toBeInTheDocument();
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('shows no apply button for an address that is not http(s)', async () => {
    const before = await entityOf('volunteer-coordinator');
    await adminPost(`entities/${before.id}/data`, { changes: { applyUrl: 'javascript:alert(1)' } });
    setup([{ id: 'v', type: 'jobOverview', options: {} }], { entity: await entityOf('volunteer-coordinator') });
    const overview = await screen.findByRole('region', { name: 'Volunteer coordinator' });
    expect(within(overview).getByText('Brixton Repair Network')).toBeInTheDocument();
    expect(within(overview).queryByRole('link', { name: 'Apply for this job' })).toBeNull();
  });
});
