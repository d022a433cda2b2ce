/**
 * The seeded demo pages (docs/demo.md) rendered through the real engine, block components, rule
 * engine and form engine, as Victor (volunteers) and Maya (makers) see them: every block renders
 * without an error or "needs configuring" state, and the conditional form and list-only blocks
 * behave as the demo describes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { blockComponents } from '../../blocks/index.generated';
import { blockOptionValidators } from '../../blocks/_validators.generated/index';
import { EngineProvider, FormEnvironmentProvider, loadStructureAtom, PageRenderer, type FormEnvironment, type Profile } from '../../engine';
import { loadRegistry } from '../../registry/loader';
import { projectRoot } from '../../scripts/paths';
import { flattenDemo, type DemoAccount, type DemoModule } from '../../server/demo/seed';
import { RequestValidator } from '../../server/validation';
import { realEvaluator } from '../helpers/rule-engine';
import { runtimeRegistry } from './engine/helpers';

const demoDir = path.join(projectRoot, 'server/demo');
const flat = flattenDemo(
  fs
    .readdirSync(path.join(demoDir, 'modules'))
    .sort()
    .map((f) => ({ file: f, data: JSON.parse(fs.readFileSync(path.join(demoDir, 'modules', f), 'utf8')) as DemoModule })),
  new RequestValidator(path.join(projectRoot, 'schemas/json/api'), loadRegistry()),
);
const accounts = JSON.parse(fs.readFileSync(path.join(demoDir, 'accounts.json'), 'utf8')) as DemoAccount[];

function renderDemoPage(pageId: string, accountId: string) {
  const account = accounts.find((a) => a.accountId === accountId)!;
  const profile: Profile = { accountId, data: { profile: account.profile, meta: {} } };
  const user = { accountId, isAdmin: account.isAdmin, isElevated: account.isElevated, listMemberships: account.listMemberships, data: account.profile };
  const store = createStore();
  store.set(loadStructureAtom, { pages: flat.pages, blocks: flat.blocks, fields: flat.fields });
  const saved: unknown[] = [];
  const env: FormEnvironment = {
    services: { save: async (s) => void saved.push(s) },
    ruleContext: { user, profile, lists: account.listMemberships },
    hash: '',
  };
  render(
    <EngineProvider
      registry={runtimeRegistry}
      blockComponents={blockComponents}
      blockValidators={blockOptionValidators}
      store={store}
      evaluator={realEvaluator()}
      user={user}
      profile={profile}
      ownProfile={profile}
      isAdmin={account.isAdmin}
    >
      <FormEnvironmentProvider value={env}>
        <PageRenderer pageId={pageId} />
      </FormEnvironmentProvider>
    </EngineProvider>,
  );
  return { saved };
}

const BROKEN_STATES = [
  'Something went wrong',
  'This block needs configuring.',
  'Component failed to load',
  'not available yet',
  'This component has been removed.',
];

/**
 * Waits until every top-level block of the page has rendered (blocks inside closed modals, other
 * tabs or later steps are not in the DOM) and none is in a broken state.
 */
async function expectAllBlocksRendered(pageId: string) {
  const ids = flat.pages.find((p) => p.id === pageId)!.children ?? [];
  // A pending type renders nothing inside its wrapper, then (after the loading delay) its loading
  // state: wait until each has content and none is still loading.
  await waitFor(() => {
    for (const id of ids) expect(document.querySelector(`[data-block-id="${id}"]`)?.childElementCount, id).toBeGreaterThan(0);
    expect(document.querySelectorAll('[data-block-state="loading"]')).toHaveLength(0);
  });
  const states = [...document.querySelectorAll('[data-block-state]')].map(
    (e) => `${e.closest('[data-block-id]')?.getAttribute('data-block-id')}: ${e.getAttribute('data-block-state')}`,
  );
  expect(states).toEqual([]);
  for (const text of BROKEN_STATES) expect(document.body.textContent).not.toContain(text);
}

describe('demo pages through the real engine', () => {
  it.each(['welcome', 'news', 'members', 'groups', 'events', 'guides', 'faq', 'tool-library', 'share', 'volunteers', 'my-settings', 'shifts'])(
    '%s renders every block',
    async (pageId) => {
      renderDemoPage(pageId, 'victor');
      const topLevel = new Set(flat.pages.find((p) => p.id === pageId)!.children);
      await screen.findByText(flat.blocks.find((b) => topLevel.has(b.id) && b.type === 'plainText')!.options!.text as string);
      await expectAllBlocksRendered(pageId);
    },
  );

  it('the welcome page greets the member by first name, with blocks in two columns', async () => {
    renderDemoPage('welcome', 'maya');
    expect(await screen.findByText('Hello Maya, welcome back to the workshop.')).toBeInTheDocument();
    const columns = document.querySelectorAll('[data-block-id="welcome-columns"] .t-column');
    expect(columns).toHaveLength(2);
    expect(columns[0]).toHaveTextContent('Opening times');
    expect(columns[1]).toHaveTextContent('Where we are');
  });

  it('the groups page has a tab per interest group, each holding its card', async () => {
    renderDemoPage('groups', 'maya');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Woodwork', 'Electronics', 'Textiles']);
    expect(await screen.findByText('Thursdays from 18:00: joinery, turning and finishing.')).toBeInTheDocument();
  });

  it('the notice board shows each member the notice of their own list only', async () => {
    renderDemoPage('notice-board', 'victor');
    expect(await screen.findByText('Volunteers: rota swap')).toBeInTheDocument();
    await screen.findByText('The AGM is on the last Thursday of January.');
    expect(screen.queryByText('Makers: material order')).toBeNull();
  });

  it('the notice board as the maker', async () => {
    renderDemoPage('notice-board', 'maya');
    expect(await screen.findByText('Makers: material order')).toBeInTheDocument();
    expect(screen.queryByText('Volunteers: rota swap')).toBeNull();
  });

  it('the preferences form reveals "Which days?" only while "I want to volunteer" is on, and then requires it', async () => {
    const { saved } = renderDemoPage('my-settings', 'maya');
    const form = await screen.findByRole('form', { name: 'Membership preferences' });
    await userEvent.click(within(form).getByRole('button', { name: 'Edit' }));
    const volunteer = await within(form).findByRole('switch', { name: 'I want to volunteer' });
    expect(within(form).queryByText('Which days?')).toBeNull();
    await userEvent.click(volunteer);
    expect(await within(form).findByText('Which days?')).toBeInTheDocument();
    const save = within(form).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeDisabled());
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Saturday' }));
    await waitFor(() => expect(save).not.toBeDisabled());
    await userEvent.click(save);
    await waitFor(() => expect(saved).toEqual([expect.objectContaining({ values: { volunteer: true, volunteerDays: ['sat'] } })]));
  });
});
