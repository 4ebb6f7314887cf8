import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealState } from '../../contract/api/wallet.ts';
import { UPLOAD_MAX_BYTES } from '../../server/domain/image-type.ts';
import { pruneExpired } from '../../server/services/housekeeping.ts';
import { PNG_1X1, upload } from './helpers/flows.ts';
import { makeUser, type TestUser } from './helpers/money.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const HOUR_MS = 60 * 60 * 1000;
const FULL_SIZE = Buffer.concat([PNG_1X1, Buffer.alloc(UPLOAD_MAX_BYTES - PNG_1X1.length)]);

let t: TestServer;
let uploadsDir = '';
beforeAll(async () => {
  t = await startTestServer();
  uploadsDir = join(t.dataDir, 'uploads');
});
afterAll(async () => {
  await t?.close();
});

const filesOnDisk = () => readdirSync(uploadsDir).sort();
const rowsOf = async (user: TestUser) =>
  (await t.server.db.selectFrom('uploads').select(['name', 'size_bytes']).where('user_id', '=', user.uid).execute());
const nameOf = (path: string) => path.replace('/uploads/', '');

/** Uploads a 1x1 PNG and answers its path; fails the test unless it was accepted. */
async function uploadOk(user: TestUser, bytes: Buffer = PNG_1X1): Promise<string> {
  const answer = await upload(t, user.token, bytes, 'photo.png', 'image/png');
  if (answer.body.type !== 'ok') throw new Error(`upload refused: ${JSON.stringify(answer.body)}`);
  return answer.body.message;
}

const read = (path: string, token?: string) => fetch(t.url + path, { headers: token ? { authorization: token } : {} });

const runHousekeeping = () =>
  pruneExpired({ db: t.server.db, dialect: t.server.dialect, clock: t.clock, log: { info: () => undefined, warn: () => undefined } }, t.server.services.uploads);

describe('the upload quota', () => {
  it('refuses the 31st file of a day in the request language, storing nothing, until the oldest leaves the window', async () => {
    const user = await makeUser(t, 'quota-files@example.com');
    for (let i = 0; i < 30; i += 1) await uploadOk(user);
    const disk = filesOnDisk();
    const over = await upload(t, user.token, PNG_1X1, 'one-more.png', 'image/png', { field: 'hk' });
    expect(over.status).toBe(200);
    expect(over.body).toEqual({ type: 'error', code: 'UPLOAD.QUOTA_EXCEEDED', field: 'file', message: '24 小時內的上載已達上限，請稍後再試' });
    expect(await rowsOf(user)).toHaveLength(30);
    expect(filesOnDisk()).toEqual(disk);

    t.clock.advance(23 * HOUR_MS);
    expect((await upload(t, user.token, PNG_1X1, 'still.png', 'image/png')).body).toMatchObject({ code: 'UPLOAD.QUOTA_EXCEEDED' });
    // A rolling window: a day after the first uploads, there is room again.
    t.clock.advance(HOUR_MS + 1);
    await uploadOk(user);
    expect(await rowsOf(user)).toHaveLength(31);
  });

  it('caps the bytes too: fifteen full-size images fill the day', async () => {
    const user = await makeUser(t, 'quota-bytes@example.com');
    for (let i = 0; i < 15; i += 1) await uploadOk(user, FULL_SIZE);
    const disk = filesOnDisk();
    const over = await upload(t, user.token, PNG_1X1, 'tiny.png', 'image/png');
    expect(over.body).toMatchObject({ type: 'error', code: 'UPLOAD.QUOTA_EXCEEDED', message: 'You have reached the upload limit for the last 24 hours, please try again later' });
    const rows = await rowsOf(user);
    expect(rows).toHaveLength(15);
    expect(rows.reduce((sum, r) => sum + Number(r.size_bytes), 0)).toBe(30 * 1024 * 1024);
    expect(filesOnDisk()).toEqual(disk);
  });

  it('holds under a parallel burst: 45 at once, exactly 30 stored', async () => {
    const user = await makeUser(t, 'quota-burst@example.com');
    const disk = new Set(filesOnDisk());
    const answers = await Promise.all(Array.from({ length: 45 }, () => upload(t, user.token, PNG_1X1, 'burst.png', 'image/png')));
    const accepted = answers.filter((a) => a.body.type === 'ok').map((a) => nameOf(a.body.message));
    expect(accepted).toHaveLength(30);
    expect(answers.filter((a) => a.body.code === 'UPLOAD.QUOTA_EXCEEDED')).toHaveLength(15);
    expect((await rowsOf(user)).map((r) => r.name).sort()).toEqual([...accepted].sort());
    expect(filesOnDisk().filter((name) => !disk.has(name)).sort()).toEqual([...accepted].sort());
  });
});

describe('identity documents', () => {
  let owner: TestUser;
  let front = '';
  let back = '';

  beforeAll(async () => {
    owner = await makeUser(t, 'kyc-owner@example.com');
    front = await uploadOk(owner);
    back = await uploadOk(owner, Buffer.concat([PNG_1X1, Buffer.from('back side')]));
    const state = await t.ok<RealState>('/api/user/real', { token: owner.token, data: { real_type: 2, front_pic: front, reverse_pic: back } });
    expect(state).toMatchObject({ pending_level: 2 });
  });

  it('are readable by their owner alone, and no cache may keep them', async () => {
    const stranger = await makeUser(t, 'kyc-stranger@example.com');
    for (const path of [front, back]) {
      for (const token of [undefined, stranger.token, 'not-a-session-token']) {
        const denied = await read(path, token);
        expect(denied.status).toBe(404);
        expect(denied.headers.get('cache-control')).toBe('no-store');
        expect(denied.headers.get('content-type')).not.toMatch(/^image\//);
      }
    }
    for (const authorization of [owner.token, `Bearer ${owner.token}`]) {
      const mine = await read(front, authorization);
      expect(mine.status).toBe(200);
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      expect(mine.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await mine.arrayBuffer())).toEqual(PNG_1X1);
    }
  });

  it('never become a public avatar, and a public avatar never becomes a document', async () => {
    const asAvatar = await t.api('/api/user/uploadHeadPortrait', { token: owner.token, data: { head_portrait: front } });
    expect(asAvatar.body).toMatchObject({ type: 'error', code: 'UPLOAD.UNKNOWN_FILE', field: 'head_portrait' });
    expect((await read(front)).status).toBe(404);

    const other = await makeUser(t, 'kyc-avatar@example.com');
    const avatar = await uploadOk(other);
    await t.ok('/api/user/uploadHeadPortrait', { token: other.token, data: { head_portrait: avatar } });
    const publicAvatar = await read(avatar);
    expect(publicAvatar.status).toBe(200);
    expect(publicAvatar.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const photo = await uploadOk(other);
    const submitted = await t.api('/api/user/real', { token: other.token, data: { real_type: 2, front_pic: photo, reverse_pic: avatar } });
    expect(submitted.body).toMatchObject({ type: 'error', code: 'UPLOAD.UNKNOWN_FILE', field: 'reverse_pic' });
  });
});

describe('housekeeping of uploads', () => {
  it('removes files nothing refers to once the grace period is over, and keeps the ones in use', async () => {
    const user = await makeUser(t, 'tidy@example.com');
    const orphan = await uploadOk(user);
    const oldAvatar = await uploadOk(user);
    await t.ok('/api/user/uploadHeadPortrait', { token: user.token, data: { head_portrait: oldAvatar } });
    const avatar = await uploadOk(user);
    await t.ok('/api/user/uploadHeadPortrait', { token: user.token, data: { head_portrait: avatar } });
    const front = await uploadOk(user);
    const back = await uploadOk(user);
    await t.ok('/api/user/real', { token: user.token, data: { real_type: 2, front_pic: front, reverse_pic: back } });
    // Files without a row: one left long ago by a crash, one just written by a process of the previous version.
    const stray = '0123456789abcdef0123456789abcdef.png';
    const young = 'fedcba9876543210fedcba9876543210.png';
    writeFileSync(join(uploadsDir, stray), PNG_1X1);
    writeFileSync(join(uploadsDir, young), PNG_1X1);
    // In the server's time, which earlier tests have moved on.
    const longAgo = new Date(t.clock.now().getTime() - 3 * 24 * HOUR_MS);
    utimesSync(join(uploadsDir, stray), longAgo, longAgo);
    utimesSync(join(uploadsDir, young), t.clock.now(), t.clock.now());

    const exists = (path: string) => existsSync(join(uploadsDir, nameOf(path)));
    const rowNames = async () => new Set((await rowsOf(user)).map((r) => `/uploads/${r.name}`));

    t.clock.advance(23 * HOUR_MS);
    await runHousekeeping();
    for (const path of [orphan, oldAvatar, avatar, front, back]) expect(exists(path)).toBe(true);
    expect((await rowNames()).size).toBe(5);
    expect(existsSync(join(uploadsDir, stray))).toBe(false);
    expect(existsSync(join(uploadsDir, young))).toBe(true);

    t.clock.advance(HOUR_MS + 60_000);
    await runHousekeeping();
    expect(exists(orphan)).toBe(false);
    expect(exists(oldAvatar)).toBe(false);
    expect(existsSync(join(uploadsDir, young))).toBe(false);
    expect(await rowNames()).toEqual(new Set([avatar, front, back]));

    // In use is kept however long: the avatar for anyone, the documents for their owner.
    t.clock.advance(7 * 24 * HOUR_MS);
    await runHousekeeping();
    expect(await rowNames()).toEqual(new Set([avatar, front, back]));
    expect((await read(avatar)).status).toBe(200);
    expect((await read(front, user.token)).status).toBe(200);
    // A removed orphan cannot be claimed afterwards.
    const late = await t.api('/api/user/uploadHeadPortrait', { token: user.token, data: { head_portrait: orphan } });
    expect(late.body).toMatchObject({ type: 'error', code: 'UPLOAD.UNKNOWN_FILE' });
  });
});
