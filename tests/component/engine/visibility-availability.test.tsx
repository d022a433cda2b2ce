import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Block, Profile, RuleQueryEvaluator } from '../../../engine';
import { renderPage } from './helpers';

const text = (id: string, t: string, extra: Partial<Block> = {}): Block => ({ id, type: 'plainText', options: { text: t }, ...extra });
const profileOf = (accountId: string): Profile => ({ accountId, data: { profile: {}, meta: {} } });
const user = { accountId: '1', isAdmin: false, isElevated: false, listMemberships: [] };
const advanced = { advanced: true, rules: { logicalOperator: 'all', groups: [] } } as unknown as Block['visibility'];

describe('visibility booleans', () => {
  it('hides by device', async () => {
    renderPage({
      device: { isMobile: true, isDesktop: false },
      blocks: [text('a', 'Desktop only', { visibility: { visibleOnMobile: false } }), text('b', 'Everywhere', { visibility: { visibleOnDesktop: false } })],
    });
    await screen.findByText('Everywhere');
    expect(screen.queryByText('Desktop only')).toBeNull();
  });

  it("hides on the user's own profile or on other users' profiles", async () => {
    const blocks = [
      text('a', 'Not on own', { visibility: { visibleOnUsersOwnProfile: false } }),
      text('b', 'Not on others', { visibility: { visibleOnOtherUsersProfiles: false } }),
    ];
    const own = renderPage({ user, profile: profileOf('1'), blocks });
    await screen.findByText('Not on others');
    expect(screen.queryByText('Not on own')).toBeNull();
    own.unmount();
    renderPage({ user, profile: profileOf('2'), blocks });
    await screen.findByText('Not on own');
    expect(screen.queryByText('Not on others')).toBeNull();
  });

  it('shows hidden blocks to admins in edit mode, marked', async () => {
    renderPage({
      isAdmin: true,
      editMode: true,
      device: { isMobile: true, isDesktop: false },
      blocks: [text('a', 'Desktop only', { visibility: { visibleOnMobile: false } })],
    });
    expect(await screen.findByText('Desktop only')).toBeInTheDocument();
    expect(screen.getByText('Hidden from you by its visibility settings')).toBeInTheDocument();
  });
});

describe('advanced visibility rules', () => {
  it('asks the evaluator with the rule context', async () => {
    const evaluate = vi.fn<RuleQueryEvaluator['evaluate']>((_q, ctx) => ({ matches: ctx.user?.accountId === '1' }));
    renderPage({ user, evaluator: { evaluate }, blocks: [text('a', 'Ruled in', { visibility: advanced })] });
    expect(await screen.findByText('Ruled in')).toBeInTheDocument();
    expect(evaluate).toHaveBeenCalledWith(advanced!.rules, expect.objectContaining({ user }));
  });

  it('hides when the rules do not match, and tells admins about a rule error', async () => {
    const first = renderPage({
      evaluator: { evaluate: () => ({ matches: false }) },
      blocks: [text('a', 'Ruled out', { visibility: advanced }), text('b', 'other')],
    });
    await screen.findByText('other');
    expect(screen.queryByText('Ruled out')).toBeNull();
    first.unmount();
    renderPage({
      isAdmin: true,
      evaluator: { evaluate: () => ({ matches: false, error: 'unknown operator' }) },
      blocks: [text('a', 'Ruled out', { visibility: advanced })],
    });
    expect(await screen.findByText(/could not be evaluated \(unknown operator\)/)).toBeInTheDocument();
  });

  it('without an evaluator: hidden from members, and admins are told why', async () => {
    const member = renderPage({ blocks: [text('a', 'Secret', { visibility: advanced }), text('b', 'other')] });
    await screen.findByText('other');
    expect(screen.queryByText('Secret')).toBeNull();
    expect(screen.queryByText(/no rule evaluator/)).toBeNull();
    member.unmount();
    renderPage({ isAdmin: true, blocks: [text('a', 'Secret', { visibility: advanced })] });
    expect(await screen.findByText(/no rule evaluator is configured, so it is hidden from members/)).toBeInTheDocument();
    expect(screen.queryByText('Secret')).toBeNull();
  });
});

describe('the rule engine loaded with the first block that has rules', () => {
  const deferred = () => {
    let resolve!: (evaluator: RuleQueryEvaluator) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<RuleQueryEvaluator>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject, load: vi.fn(() => promise) };
  };

  it('is not loaded for a page without rules', async () => {
    const engine = deferred();
    renderPage({ user, loadEvaluator: engine.load, blocks: [text('a', 'Plain')] });
    await screen.findByText('Plain');
    expect(engine.load).not.toHaveBeenCalled();
  });

  it('shows a member the ruled block once loaded and the rules match, nothing before', async () => {
    const engine = deferred();
    renderPage({ user, loadEvaluator: engine.load, blocks: [text('a', 'Ruled in', { visibility: advanced }), text('b', 'other')] });
    await screen.findByText('other');
    expect(engine.load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Ruled in')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    engine.resolve({ evaluate: () => ({ matches: true }) });
    expect(await screen.findByText('Ruled in')).toBeInTheDocument();
  });

  it('shows admins the block loading, then as without an evaluator when loading fails', async () => {
    const engine = deferred();
    renderPage({ isAdmin: true, loadEvaluator: engine.load, blocks: [text('a', 'Ruled', { visibility: advanced })] });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    engine.reject(new Error('chunk failed'));
    expect(
      await screen.findByText('This block has advanced visibility rules but no rule evaluator is configured, so it is hidden from members.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Ruled')).toBeNull();
  });
});

describe('block availability (spec 4.9)', () => {
  const registry = {
    blocks: {
      plainText: {
        type: 'plainText',
        title: 'Plain text',
        category: 'display' as const,
        icon: 't',
        status: 'available' as const,
        powerUps: { required: [], optional: [] },
        children: false,
      },
      joinBox: {
        type: 'joinBox',
        title: 'Join',
        category: 'entity' as const,
        icon: 'j',
        status: 'available' as const,
        powerUps: { required: ['membership' as const, 'join' as const], optional: [] },
        children: false,
      },
    },
    fields: {},
    rules: {},
    operators: {},
  };
  const components = { joinBox: async () => ({ default: () => <p>Join us</p> }) };

  it('shows missing data without an entity and missing definition when the entity lacks a power-up', async () => {
    const first = renderPage({ registry, blockComponents: components, blocks: [{ id: 'j', type: 'joinBox' }] });
    expect(screen.getByText('Missing data: this block needs an entity with the membership, join power-up(s).')).toBeInTheDocument();
    first.unmount();
    renderPage({
      registry,
      blockComponents: { ...components },
      entity: { id: 'e', title: 'Club', powerUps: ['membership'] },
      blocks: [{ id: 'j', type: 'joinBox' }],
    });
    expect(screen.getByText('Missing definition: this block needs the join power-up(s) on the entity.')).toBeInTheDocument();
  });

  it('renders when every required power-up is on the entity', async () => {
    renderPage({
      registry,
      blockComponents: { ...components },
      entity: { id: 'e', title: 'Club', powerUps: ['membership', 'join', 'contact'] },
      blocks: [{ id: 'j', type: 'joinBox' }],
    });
    expect(await screen.findByText('Join us')).toBeInTheDocument();
  });
});
