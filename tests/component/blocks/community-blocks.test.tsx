/**
 * Community blocks (headless member search, favourites, current user overview, social links) over
 * the engine's data layer, its transport calling the real server (in-process, SQLite; the API
 * suites cover both databases).
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataLayer, notFilterableAtom, type DataTransport } from '../../../engine/data';
import type { Block, Profile } from '../../../schemas/model';
import { seriousAxeViolations } from '../../helpers/admin-render';
import { startAdminServer, type ApiServer } from '../../helpers/admin-server';
import { renderPage } from '../engine/helpers';

let server: ApiServer;
let victor: string;

// Answers come from a real server over HTTP and block chunks load lazily: slow on a loaded machine.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(async () => {
  server = await startAdminServer();
  victor = await server.signIn('victor');
});
afterAll(async () => server?.close());

/** The data layer's transport over HTTP to the real server, as Victor (identity encoding: see the brief's jsdom note). */
function transportAs(token: string): DataTransport & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async request({ method, path, body }) {
      calls.push(`${method} ${path}`);
      const res = await server.call<never>(method, path, { token, body, headers: { 'accept-encoding': 'identity' } });
      if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
}

function setup(blocks: Block[], extra: { profile?: Profile; token?: string; notFilterable?: string[] } = {}) {
  const store = createStore();
  // What init's search.notFilterable sets (web/startup/apply-init.ts).
  if (extra.notFilterable) store.set(notFilterableAtom, extra.notFilterable);
  const transport = transportAs(extra.token ?? victor);
  const dataLayer = createDataLayer(store, transport, { ownAccountId: 'victor' });
  const user = {
    accountId: 'victor',
    isAdmin: false,
    isElevated: false,
    listMemberships: [{ id: 'lm-victor-volunteers', userListId: 'volunteers', state: 'accepted' as const }],
  };
  renderPage({ blocks, store, dataLayer, user, profile: extra.profile, services: { profileHref: (id) => `/people/profile/${id}` } });
  return { transport, dataLayer };
}

const search = (searchId = 'm'): Block[] => [
  { id: 'in', type: 'headlessSearchInput', options: { searchId, placeholder: 'Find people', minQueryLength: 1, debounceMs: 100 } },
  {
    id: 'so',
    type: 'headlessSearchSort',
    options: {
      searchId,
      label: 'Order',
      sortOptions: [
        { label: 'Name', field: 'name', direction: 'asc' },
        { label: 'Newest', field: 'createdAt', direction: 'desc' },
      ],
    },
  },
  {
    id: 'fi',
    type: 'headlessSearchFilters',
    options: { searchId, filters: [{ field: 'city', label: 'City', control: 'checkboxes' }], showCounts: true, collapsible: false, showClearAll: true },
  },
  { id: 'co', type: 'headlessSearchResultCount', options: { searchId, template: '${count} people', singularTemplate: '${count} person' } },
  {
    id: 're',
    type: 'headlessSearchResults',
    options: { searchId, index: 'users', userListIds: [], layout: 'list', pageSize: 10, nameFormat: 'F L', emptyText: 'Nobody' },
  },
  { id: 'pa', type: 'headlessSearchPagination', options: { searchId, mode: 'numbered', maxPageLinks: 7 } },
];

const names = () =>
  within(screen.getByRole('list', { name: 'Search results' }))
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('.t-member__name')?.textContent);

describe('headless member search', { timeout: 60_000 }, () => {
  it('shares one search state per search id: input, filters with counts, sort, count, results and pages, one request per change', async () => {
    const user = userEvent.setup({ delay: null });
    const { transport } = setup(search());
    const searches = () => transport.calls.filter((c) => c === 'POST profile/search').length;
    expect(await screen.findByText('34 people')).toBeInTheDocument();
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(names()[0]).toBe('Ada Admin');
    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    expect(
      within(pages)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4']);
    await user.click(within(pages).getByRole('button', { name: '4' }));
    await waitFor(() => expect(names()).toHaveLength(4));
    expect(within(pages).getByRole('button', { name: '4' })).toHaveAttribute('aria-current', 'page');

    // A filter goes back to page 1; the value counts come from the server (public values only).
    const counted = (name: RegExp) => {
      const box = screen.getByRole('checkbox', { name });
      return { box, n: Number(/\((\d+)\)$/.exec(box.getAttribute('aria-label') ?? box.parentElement?.textContent ?? '')?.[1]) };
    };
    const paris = counted(/^Paris \(\d+\)$/);
    const lyon = counted(/^Lyon \(\d+\)$/);
    expect(paris.n).toBeGreaterThan(1);
    const before = searches();
    await user.click(paris.box);
    expect(await screen.findByText(`${paris.n} people`)).toBeInTheDocument();
    // One request for the change, however many blocks show the search.
    expect(searches()).toBe(before + 1);
    expect(names()).toContain('Victor Volunteer');
    expect(names()).not.toContain('Maya Maker');
    // Any of one key's values: Paris or Lyon.
    await user.click(lyon.box);
    expect(await screen.findByText(`${paris.n + lyon.n} people`)).toBeInTheDocument();

    // Text narrows within the filters.
    await user.type(screen.getByRole('searchbox', { name: 'Find people' }), 'zzzz');
    expect(await screen.findByText('0 people')).toBeInTheDocument();
    expect(await screen.findByText('Nobody')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Find people' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find people' }), 'victor');
    expect(await screen.findByText('1 person')).toBeInTheDocument();
    expect(names()).toEqual(['Victor Volunteer']);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /^Paris/ })).not.toBeChecked());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Newest');
    await waitFor(() => expect(transport.calls.length).toBeGreaterThan(0));
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('orders by relevance when Relevance (`_score`) is the first sort choice: matches in the name first', async () => {
    const user = userEvent.setup({ delay: null });
    const relevanceFirst = [
      { label: 'Relevance', field: '_score', direction: 'desc' as const },
      { label: 'Name', field: 'name', direction: 'asc' as const },
    ];
    setup(search('r').map((b) => (b.type === 'headlessSearchSort' ? { ...b, options: { ...b.options, sortOptions: relevanceFirst } } : b)));
    await user.type(screen.getByRole('searchbox', { name: 'Find people' }), 'ma');
    expect(await screen.findByText('7 people')).toBeInTheDocument();
    // Maya Maker and Zoë Martin match in their names; the others in other values (a city, a skill).
    await waitFor(() => expect(names().slice(0, 2)).toEqual(['Maya Maker', 'Zoë Martin']));
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: '1' } });
    await waitFor(() => expect(names().slice(0, 3)).toEqual(['Amara Okafor', 'Kemi Adeyemi', 'Maya Maker']));
  });

  it('appends pages with "Load more"', async () => {
    const user = userEvent.setup({ delay: null });
    const blocks = search('more').map((b) =>
      b.type === 'headlessSearchPagination' ? { ...b, options: { searchId: 'more', mode: 'loadMore', loadMoreLabel: 'More people' } } : b,
    );
    setup(blocks);
    await waitFor(() => expect(names()).toHaveLength(10));
    // The filters block asks for its facets once its chunk has loaded: that search disables the
    // button until it answers, and a click on a disabled button does nothing.
    const more = screen.getByRole('button', { name: 'More people' });
    await waitFor(() => expect(more).toBeEnabled());
    await user.click(more);
    await waitFor(() => expect(names()).toHaveLength(20));
    expect(new Set(names()).size).toBe(20);
  });

  it('leaves out a filter on a field search management made not filterable: no control, and the search still answers', async () => {
    const admin = await server.signIn('admin');
    const change = (filterable: boolean) =>
      server.call('POST', 'admin/searchManagement', { token: admin, body: { profileFields: [{ key: 'city', filterable }] } });
    expect((await change(false)).status).toBe(200);
    try {
      const { transport } = setup(search(), { notFilterable: ['city'] });
      expect(await screen.findByText('34 people')).toBeInTheDocument();
      expect(screen.queryByRole('checkbox', { name: /^Paris \(\d+\)$/ })).toBeNull();
      expect(screen.queryByRole('group', { name: 'City' })).toBeNull();
      expect(transport.calls).toContain('POST profile/search');
    } finally {
      expect((await change(true)).status).toBe(200);
    }
  });
});

describe('headless member search: sort on a field, ranges, dates and a result template', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    const admin = await server.signIn('admin');
    for (const [id, changes] of [
      ['maya', { years: 30, joined: '2019-05-01', motto: '<img src=x alt="" onerror="window.__pwned=1">Make <b>things</b>' }],
      ['victor', { years: 4, joined: '2024-02-10T09:00:00Z' }],
      ['grace', { years: 12, joined: '2022-07-15' }],
    ] as const) {
      const res = await server.call('POST', `profile/forceUpdateProfile/${id}`, {
        token: admin,
        body: { changes },
        headers: { 'accept-encoding': 'identity' },
      });
      expect(res.status).toBe(200);
    }
  });

  const fieldSearch = (searchId: string, template?: string): Block[] => [
    {
      id: `${searchId}-so`,
      type: 'headlessSearchSort',
      options: {
        searchId,
        label: 'Order',
        sortOptions: [
          { label: 'Most years', field: 'years', direction: 'desc', blankPosition: 'last' },
          { label: 'Name', field: 'name', direction: 'asc' },
        ],
      },
    },
    {
      id: `${searchId}-fi`,
      type: 'headlessSearchFilters',
      options: {
        searchId,
        filters: [
          { field: 'years', label: 'Years making', control: 'range' },
          { field: 'joined', label: 'Joined', control: 'date' },
          { field: 'city', label: 'City', control: 'checkboxes' },
        ],
        showCounts: true,
        collapsible: false,
        showClearAll: true,
      },
    },
    { id: `${searchId}-co`, type: 'headlessSearchResultCount', options: { searchId, template: '${count} people', singularTemplate: '${count} person' } },
    {
      id: `${searchId}-re`,
      type: 'headlessSearchResults',
      options: {
        searchId,
        index: 'users',
        userListIds: [],
        layout: 'list',
        pageSize: 10,
        nameFormat: 'F L',
        emptyText: 'Nobody',
        ...(template ? { template } : {}),
      },
    },
  ];

  it('sorts on a public value by default, filters on number and date ranges, and keeps the value counts under them', async () => {
    const { transport } = setup(fieldSearch('f'));
    // The first sort choice is the default: the members with years first, most first.
    await waitFor(() => expect(names().slice(0, 3)).toEqual(['Maya Maker', 'Grace Murphy', 'Victor Volunteer']));
    const searches = () => transport.calls.filter((c) => c === 'POST profile/search').length;
    const before = searches();
    const years = screen.getByRole('group', { name: 'Years making' });
    fireEvent.change(within(years).getByRole('spinbutton', { name: 'Minimum' }), { target: { value: '5' } });
    expect(await screen.findByText('2 people')).toBeInTheDocument();
    expect(names()).toEqual(['Maya Maker', 'Grace Murphy']);
    // One request after the typing settles.
    expect(searches()).toBe(before + 1);
    // Value counts follow the range.
    const cities = screen.getByRole('group', { name: 'City' });
    expect(
      within(cities)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['Bristol (1)', 'London (1)']);
    const joined = screen.getByRole('group', { name: 'Joined' });
    fireEvent.change(within(joined).getByLabelText('From'), { target: { value: '2020-01-01' } });
    expect(await screen.findByText('1 person')).toBeInTheDocument();
    expect(names()).toEqual(['Grace Murphy']);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(within(years).getByRole('spinbutton', { name: 'Minimum' })).toHaveValue(null));
    expect(within(joined).getByLabelText('From')).toHaveValue('');
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('draws each result with the result template over public values, sanitised', async () => {
    setup(
      fieldSearch(
        't',
        '<a class="who" href="{{url}}">{{name}}</a> <span class="motto">{{{profile.motto}}}</span><span class="phone">{{profile.phone}}</span><script>window.__pwned=2</script><img src=x alt="" onerror="window.__pwned=3">',
      ),
    );
    const results = await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() => expect(results.querySelectorAll('.who').length).toBe(10));
    const maya = [...results.querySelectorAll('li')].find((li) => li.querySelector('.who')?.textContent === 'Maya Maker')!;
    expect(maya.querySelector('.who')).toHaveAttribute('href', '/people/profile/maya');
    expect(maya.querySelector('.motto')?.innerHTML).toBe('<img src="x" alt="">Make <b>things</b>');
    // Maya's phone number is private: Victor's results never hold it.
    expect(maya.querySelector('.phone')?.textContent).toBe('');
    expect(results.querySelector('script')).toBeNull();
    expect(results.querySelector('[onerror]')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(await seriousAxeViolations()).toEqual([]);
  });
});

describe('favourites, overview and social links', () => {
  it('favourites the viewed profile, lists it, and removes it again', async () => {
    const user = userEvent.setup({ delay: null });
    const maya = (await server.call<Profile>('GET', 'profile/maya', { token: victor, headers: { 'accept-encoding': 'identity' } })).body;
    const { dataLayer } = setup(
      [
        {
          id: 'fb',
          type: 'favouriteButton',
          options: { style: 'iconAndLabel', addLabel: 'Add to favourites', removeLabel: 'Remove from favourites', showCount: true },
        },
        {
          id: 'fl',
          type: 'favouritesList',
          options: { title: 'Followed', favouriteTypes: ['profiles'], layout: 'list', paginationMode: 'numbered', pageSize: 10, emptyText: 'None yet' },
        },
        { id: 'ov', type: 'currentUserOverview', options: { nameFormat: 'F L', showAvatar: true, showListMemberships: true, showEditProfileLink: true } },
        { id: 'sl', type: 'socialMediaLinks', options: { source: 'profile', links: [], iconSize: 'medium', openInNewTab: true } },
      ],
      { profile: maya },
    );
    expect(await screen.findByText('None yet')).toBeInTheDocument();
    const add = await screen.findByRole('button', { name: /Add to favourites/ });
    await waitFor(() => expect(add).toBeEnabled());
    expect(add).toHaveAttribute('aria-pressed', 'false');
    // showCount: nobody favourites Maya yet; the count follows the toggle.
    const counted = () => document.querySelector('.t-favourite-button__count');
    await waitFor(() => expect(counted()).toHaveTextContent('0 favourited'));
    expect(counted()).toHaveAttribute('role', 'status');
    await user.click(add);
    const remove = await screen.findByRole('button', { name: /Remove from favourites/ });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(counted()).toHaveTextContent('1 favourited'));
    const list = screen.getByRole('region', { name: 'Followed' });
    expect(await within(list).findByRole('link', { name: /Maya Maker/ })).toHaveAttribute('href', '/app/people/profile/maya');
    // The server holds it: a fresh read of the own profile has it.
    const own = await server.call<Profile>('GET', 'profile/victor', { token: victor, headers: { 'accept-encoding': 'identity' } });
    expect(own.body.data.meta.favourites?.profiles).toContain('maya');

    // The overview: Victor's name, one list, a link to his profile.
    const overview = screen.getByRole('region', { name: 'Victor Volunteer' });
    expect(within(overview).getByText('Lists joined: 1')).toBeInTheDocument();
    expect(within(overview).getByRole('link', { name: 'Edit my profile' })).toHaveAttribute('href', '/app/people/profile/victor');
    // Maya's public links, safe addresses only, opening in a new tab.
    const links = within(screen.getByRole('list', { name: 'Social media links' })).getAllByRole('link');
    expect(links.map((a) => [a.querySelector('.ts-visually-hidden')?.textContent, a.getAttribute('href'), a.getAttribute('rel')])).toEqual([
      ['Instagram (opens in a new tab)', 'https://instagram.com/mayamakes', 'noopener noreferrer'],
      ['Website (opens in a new tab)', 'https://maya-makes.example.org/', 'noopener noreferrer'],
    ]);
    expect(await seriousAxeViolations()).toEqual([]);

    // Another member's change arrives as favourites:count (realtime) and lands in the same count.
    act(() => dataLayer.applyEvent('favourites:count', { type: 'profiles', targetId: 'maya', count: 3 }));
    expect(counted()).toHaveTextContent('3 favourited');
    // Another item's count changes nothing here.
    act(() => dataLayer.applyEvent('favourites:count', { type: 'profiles', targetId: 'grace', count: 9 }));
    expect(counted()).toHaveTextContent('3 favourited');

    await user.click(remove);
    expect(await screen.findByText('None yet')).toBeInTheDocument();
    // Read again after the toggle: the server's count, not the stale 3.
    await waitFor(() => expect(counted()).toHaveTextContent('0 favourited'));
    await act(async () => {});
    const after = await server.call<Profile>('GET', 'profile/victor', { token: victor, headers: { 'accept-encoding': 'identity' } });
    expect(after.body.data.meta.favourites?.profiles).not.toContain('maya');
  });

  it('says in words when the own profile could not be loaded, instead of loading for ever', async () => {
    // A session the server refuses: every load of the own profile fails.
    setup(
      [
        { id: 'ov', type: 'currentUserOverview', options: { nameFormat: 'F L', showAvatar: true, showListMemberships: true, showEditProfileLink: true } },
        {
          id: 'fl',
          type: 'favouritesList',
          options: { title: 'Followed', favouriteTypes: ['profiles'], layout: 'list', paginationMode: 'numbered', pageSize: 10, emptyText: 'None yet' },
        },
      ],
      { token: 'a-session-the-server-refuses' },
    );
    const said = 'Your profile could not be loaded. Reload the page to try again.';
    await waitFor(() => expect(screen.getAllByText(said)).toHaveLength(2));
    expect(screen.queryByText('Loading profile…')).toBeNull();
    expect(screen.getByRole('region', { name: 'Followed' })).toHaveAttribute('aria-busy', 'false');
  });

  it('shows no favourite button on the own profile', async () => {
    const victorProfile = (await server.call<Profile>('GET', 'profile/victor', { token: victor, headers: { 'accept-encoding': 'identity' } })).body;
    setup(
      [
        { id: 'fb2', type: 'favouriteButton', options: { style: 'icon', addLabel: 'Add', removeLabel: 'Remove' } },
        { id: 'pt', type: 'plainText', options: { text: 'page' } },
      ],
      {
        profile: victorProfile,
      },
    );
    expect(await screen.findByText('page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});
