/** The space decision and the join power-up's rules (engine/core/entities.ts), pure. */
import { describe, expect, it } from 'vitest';
import {
  decideSpace,
  joinMove,
  joinTarget,
  leaveMove,
  spaceModuleSlug,
  viewerMembershipType,
  type SpacePage,
  type SpaceViewer,
} from '../../engine/core/entities';
import type { Entity } from '../../schemas/model';

const PAGES: SpacePage[] = [
  { id: 'p-find', slug: 'find', type: 'other' },
  { id: 'p-overview', slug: 'overview', type: 'entity' },
  { id: 'p-members', slug: 'members', type: 'entity' },
  { id: 'p-mentors', slug: 'mentors', type: 'entity' },
  { id: 'p-extra', slug: 'extra', type: 'entity' },
];

const sprint: Entity = {
  id: 'e1',
  title: 'Sprint',
  permissionType: 'memberships',
  pagePermissions: ['p-overview'],
  location: { module: 'spaces', page: 'overview' },
  powerUps: ['membership', 'join'],
  powerUpData: {
    membership: {
      membershipType: [
        { id: 'participant', primaryUserList: { value: 'l-part' }, landingPage: { value: 'p-members' }, pages: { value: ['p-members'] } },
        { id: 'mentor', primaryUserList: { value: 'l-ment' }, landingPage: { value: 'p-mentors' }, pages: { value: ['p-mentors', 'p-members'] } },
      ],
    },
    join: { membershipTypeId: 'participant' },
  },
};

const member = (listId: string, state: 'accepted' | 'applied' = 'accepted', entityId = 'e1'): SpaceViewer => ({
  isAdmin: false,
  memberships: [{ userListId: listId, state, entityId }],
});
const nobody: SpaceViewer = { isAdmin: false, memberships: [] };

describe('decideSpace', () => {
  it('a non-member views the listed and location pages; an unlisted asked page goes to the location page', () => {
    expect(decideSpace(sprint, PAGES, 'members', nobody)).toEqual({
      viewablePageIds: ['p-overview'],
      pageId: 'p-overview',
      redirected: true,
      membershipType: undefined,
    });
    expect(decideSpace(sprint, PAGES, 'overview', nobody)).toMatchObject({ pageId: 'p-overview', redirected: false });
  });

  it('an accepted member of a type lands on its landing page and views its pages; an application is not a membership', () => {
    const participant = decideSpace(sprint, PAGES, undefined, member('l-part'));
    expect(participant).toMatchObject({ viewablePageIds: ['p-overview', 'p-members'], pageId: 'p-members', redirected: true });
    expect(participant.membershipType?.id).toBe('participant');
    expect(decideSpace(sprint, PAGES, 'mentors', member('l-ment'))).toMatchObject({ pageId: 'p-mentors', redirected: false });
    expect(decideSpace(sprint, PAGES, undefined, member('l-part', 'applied')).pageId).toBe('p-overview');
    // A membership of the same list for another entity is not one of this entity.
    expect(decideSpace(sprint, PAGES, undefined, member('l-part', 'accepted', 'e2')).pageId).toBe('p-overview');
  });

  it('admins view every entity page (never the module’s other pages); viewing as lists decides as a member of them', () => {
    const admin = decideSpace(sprint, PAGES, 'extra', { isAdmin: true, memberships: [] });
    expect(admin).toMatchObject({ viewablePageIds: ['p-overview', 'p-members', 'p-mentors', 'p-extra'], pageId: 'p-extra' });
    const viewingAs = decideSpace(sprint, PAGES, undefined, { isAdmin: true, viewAsListIds: ['l-ment'], memberships: [] });
    expect(viewingAs).toMatchObject({ pageId: 'p-mentors', viewablePageIds: ['p-overview', 'p-members', 'p-mentors'] });
    expect(viewerMembershipType(sprint, { isAdmin: true, viewAsListIds: ['l-other'], memberships: [] })).toBeUndefined();
  });

  it('the default permission type ignores membership types; nothing viewable has no page', () => {
    const plain: Entity = { ...sprint, permissionType: 'default' };
    expect(decideSpace(plain, PAGES, undefined, member('l-part')).viewablePageIds).toEqual(['p-overview']);
    expect(decideSpace({ ...sprint, pagePermissions: [], location: {} }, PAGES, undefined, nobody)).toEqual({
      viewablePageIds: [],
      pageId: undefined,
      redirected: false,
      membershipType: undefined,
    });
  });

  it('a corrupt entity fails closed: only its location page', () => {
    const corrupt = { ...sprint, powerUps: [], powerUpData: {}, pagePermissions: [], unreadable: ['powerUps', 'pagePermissions'] } as Entity;
    expect(decideSpace(corrupt, PAGES, 'members', member('l-part')).viewablePageIds).toEqual(['p-overview']);
    const odd = { ...sprint, pagePermissions: [5, null, 'p-extra'] } as unknown as Entity;
    expect(decideSpace(odd, PAGES, undefined, nobody).viewablePageIds).toEqual(['p-overview', 'p-extra']);
  });

  it('the module is the asked one, else the location module', () => {
    expect(spaceModuleSlug(sprint, undefined)).toBe('spaces');
    expect(spaceModuleSlug(sprint, 'other')).toBe('other');
    expect(spaceModuleSlug({ location: {} }, undefined)).toBeUndefined();
  });
});

describe('the join power-up', () => {
  it('joins the chosen type’s primary list, else the power-up’s list, else its type’s or the first type’s', () => {
    expect(joinTarget(sprint)).toEqual({ listId: 'l-part', membershipTypeId: 'participant' });
    expect(joinTarget(sprint, 'mentor')).toEqual({ listId: 'l-ment', membershipTypeId: 'mentor' });
    expect(joinTarget(sprint, 'nope')).toEqual({ problem: 'unknownType' });
    const ownList: Entity = { ...sprint, powerUpData: { ...sprint.powerUpData, join: { userListId: 'l-own' } } };
    expect(joinTarget(ownList)).toEqual({ listId: 'l-own', membershipTypeId: 'participant' });
    expect(joinTarget({ ...sprint, powerUps: ['membership'] })).toEqual({ problem: 'noJoin' });
    expect(joinTarget({ id: 'e', title: 't', powerUps: ['join'], powerUpData: { join: {} } })).toEqual({ problem: 'noList' });
  });

  it('moves: accepted at once (as the list admin would) or applied under approval; banned, rejected and completed are refused', () => {
    expect(joinMove(null, false)).toEqual({ to: 'accepted', actor: 'admin' });
    expect(joinMove('withdrawn', true)).toEqual({ to: 'applied', actor: 'member' });
    expect(joinMove('accepted', false)).toBeNull();
    expect(joinMove('applied', false)).toBeNull();
    for (const state of ['banned', 'rejected', 'completed'] as const) expect(joinMove(state, false)).toBe('refused');
    expect(leaveMove('accepted')).toBe('withdrawn');
    expect(leaveMove('applied')).toBe('withdrawn');
    expect(leaveMove(null)).toBeNull();
    expect(leaveMove('withdrawn')).toBeNull();
    expect(leaveMove('banned')).toBe('refused');
  });
});
