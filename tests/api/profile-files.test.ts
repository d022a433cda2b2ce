/**
 * Files in profile saves (spec core 1, community 5 and 6) over real HTTP on SQLite and
 * PostgreSQL: the demo profile form's avatar (an imageUploader field) takes only the caller's own
 * uploads; someone else's file id is a 403 and an unknown one a 400, both changing nothing; the
 * avatar is the owner's alone even for those who may update profiles; and ids already held are
 * not checked again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../schemas/model';
import type { UploadResponse } from '../../schemas/model/api/files';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { testJpeg, upload } from '../helpers/uploads';

const FORM = 'profile-about-form';

describe.each(BACKENDS)('file ids in profile saves on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  let maya: string;
  let victor: string;
  beforeAll(async () => {
    api = await startApiServer(backend);
    [admin, maya, victor] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('victor')]);
  });
  afterAll(async () => api?.close());

  const uploadImage = async (token: string) => {
    const res = await upload<UploadResponse>(api.url, 'files/uploadImage?contextId=about-avatar', token, [
      { filename: 'me.jpg', body: await testJpeg(120, 90) },
    ]);
    expect(res.status).toBe(200);
    return res.body.fileIds[0];
  };
  const save = (token: string, accountId: string, changes: Record<string, unknown>) =>
    api.call<Profile & { message?: string }>('POST', `profile/${accountId}`, { token, body: { blockId: FORM, changes } });
  const avatarOf = async (accountId: string) => (await api.call<Profile>('GET', `profile/${accountId}`, { token: admin })).body.data.profile.avatar;

  it("a member cannot attach another member's upload, nor an id that is no file; their own is saved", async () => {
    const victorsFile = await uploadImage(victor);
    const refused = await save(maya, 'maya', { avatar: victorsFile, headline: 'Taken' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(`changes.avatar: file "${victorsFile}" is not one you uploaded`);
    for (const bogus of ['0b1f4c6e-1d2a-4c3b-8e9f-000000000000', '../../files/x', '%2e%2e']) {
      const res = await save(maya, 'maya', { avatar: bogus });
      expect(res.status, bogus).toBe(400);
      expect(res.body.message).toContain('changes.avatar: file');
    }
    expect(await avatarOf('maya')).toBeUndefined();
    expect((await api.call<Profile>('GET', 'profile/maya', { token: admin })).body.data.profile.headline).not.toBe('Taken');

    const own = await uploadImage(maya);
    const saved = await save(maya, 'maya', { avatar: own, headline: 'Maker of things' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.profile).toMatchObject({ avatar: own, headline: 'Maker of things' });
    // Saving again with the avatar it already holds is fine; clearing it too.
    expect((await save(maya, 'maya', { avatar: own, city: 'Leeds' })).status).toBe(200);
    expect((await save(maya, 'maya', { avatar: null })).status).toBe(200);
    expect(await avatarOf('maya')).toBeNull();
    expect((await save(maya, 'maya', { avatar: own })).status).toBe(200);
  });

  it('only the owner changes an avatar, even with profiles update; other fields stay editable for them', async () => {
    const adminsFile = await uploadImage(admin);
    const before = await avatarOf('maya');
    const res = await save(admin, 'maya', { avatar: adminsFile });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('Only the account owner can change their avatar');
    expect(await avatarOf('maya')).toBe(before);
    // Another field of the same form: the avatar Maya holds is not re-checked against the admin.
    const edited = await save(admin, 'maya', { headline: 'Edited by staff' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.profile).toMatchObject({ avatar: before, headline: 'Edited by staff' });
    // A member without profiles update cannot change Maya's profile at all.
    expect((await save(victor, 'maya', { headline: 'x' })).status).toBe(403);
  });
});
