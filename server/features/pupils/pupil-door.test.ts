// The pupils' door /classe (docs/pupils.md#sans-ent--les-cartes-de-connexion): the class code, the
// pictures and the QR token sign a pupil in with the password login's answer; wrong pictures are
// throttled per pupil and per class without locking the class; old QR tokens are refused; the
// licence rules apply; a pupil's session ends after PUPIL_IDLE_MINUTES without a request.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../../common/messages/auth.js';
import { pupilMessages } from '../../../common/messages/pupils.js';
import { OFFLINE_CHECK_ITERATIONS, offlinePicturesDigest } from '../../../common/offline-door.js';
import { CARD_PICTURES, PUPIL_FIRST_DELAY_MS, PUPIL_FREE_FAILURES } from '../../../common/pupils.js';
import type {
  CardsResponse,
  ClassLookupResponse,
  DoorSignInResponse,
  OfflineDoor,
} from '../../../common/schemas/pupils.js';
import {
  createGroup,
  createLevel,
  createSchool,
  createTeacher,
  DEFAULT_PASSWORD,
  daysFromToday,
} from '../../fixtures/factories.js';
import { apiClient, setupTestApp, signIn } from '../../test/helper.js';
import { CLASS_BURST } from './card-throttle.js';

const ctx = setupTestApp({ pupilIdleMs: 10 * 60_000 });
const door = () => apiClient(ctx.app);

afterEach(() => {
  vi.useRealTimers();
});

/** A class of `names` with printed cards. */
async function aClass(names = ['Lina', 'Noé', 'Sami'], schoolValues = {}) {
  const level = await createLevel(ctx.db);
  const school = await createSchool(ctx.db, schoolValues);
  const teacher = await createTeacher(ctx.db, { levelIds: [level.id], school_id: school.id });
  const group = await createGroup(ctx.db, teacher.id, level.id, 'CE1 Les loutres');
  const client = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
  const base = `/api/user/groups/${group.id}`;
  await client.post(`${base}/pupils`, { names: names.join('\n') });
  const cards = (await client.get(`${base}/cards`)).json<CardsResponse>();
  const card = (name: string) => cards.cards.find((c) => c.displayName === name)!;
  return { teacher, school, group, client, base, cards, card };
}

const wrong = (pictures: number[]) => pictures.map((p) => (p + 1) % CARD_PICTURES.length);
const signInBody = (classCode: string, card: CardsResponse['cards'][number], pictures = card.pictures) => ({
  classCode,
  pupilId: card.pupilId,
  pictures,
});

describe('the class code', () => {
  it('shows the class and its card pupils, any case, spaces ignored', async () => {
    const { cards } = await aClass();
    const typed = ` ${cards.classCode.slice(0, 3).toLowerCase()} ${cards.classCode.slice(3)} `;
    const response = await door().post('/api/classe/group', { classCode: typed });
    expect(response.statusCode).toBe(200);
    expect(response.json<ClassLookupResponse>()).toEqual({
      success: true,
      group: { title: 'CE1 Les loutres' },
      pupils: cards.cards.map((card) => ({ id: card.pupilId, displayName: card.displayName })),
    });
  });

  it('answers an unknown code with a French 404, an empty one with a 400', async () => {
    const response = await door().post('/api/classe/group', { classCode: 'ZZZZZZ' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: pupilMessages.unknownClassCode });
    const empty = await door().post('/api/classe/group', { classCode: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ success: false, message: pupilMessages.classCodeRequired });
  });

  it('slows an address trying many codes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-12-04T08:00:00.000Z'));
    const ip = '203.0.113.77';
    const lookup = (classCode: string, remoteAddress = ip) =>
      door().request({ method: 'POST', url: '/api/classe/group', payload: { classCode }, remoteAddress });
    // 60 unknown codes in hand; the 61st makes the address wait.
    for (let i = 0; i <= 60; i += 1)
      expect((await lookup(`QQQ${String(i).padStart(3, '0')}`)).statusCode).toBe(404);
    const refused = await lookup('QQQ999');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(pupilMessages.tooManyCodes(10));
    expect(refused.headers['retry-after']).toBe('10');
    // Another address is not slowed.
    expect((await lookup('QQQ999', '198.51.100.4')).statusCode).toBe(404);
  });
});

describe('signing in with the pictures', () => {
  it('answers like the password login, updates last_seen_at and audits the sign-in', async () => {
    const { cards, card } = await aClass();
    const lina = card('Lina');
    await ctx.db
      .updateTable('pupils')
      .set({ last_seen_at: '2020-01-01T00:00:00.000Z' })
      .where('user_id', '=', lina.pupilId)
      .execute();
    const response = await door().post('/api/classe/signin', signInBody(cards.classCode.toLowerCase(), lina));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      token: expect.any(String),
      user: { id: lina.pupilId, name: '', firstname: 'Lina', role: 'pupil' },
      offline: expect.objectContaining({ classCode: cards.classCode, displayName: 'Lina' }),
    });
    const me = await apiClient(ctx.app, body.token).get('/api/auth/me');
    expect(me.json().user).toEqual({ id: lina.pupilId, name: '', firstname: 'Lina', role: 'pupil' });
    const seen = await ctx.db
      .selectFrom('pupils')
      .select('last_seen_at')
      .where('user_id', '=', lina.pupilId)
      .executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(seen.last_seen_at)).toBeLessThan(60_000);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('actor_id', '=', lina.pupilId)
      .execute();
    expect(audit).toEqual([{ action: 'auth.login', details: JSON.stringify({ door: 'classe-pictures' }) }]);
  });

  it('refuses wrong pictures (401, French), bad bodies (400) and pupils of other classes (404)', async () => {
    const { cards, card } = await aClass();
    const other = await aClass(['Tom']);
    const noe = card('Noé');
    const response = await door().post(
      '/api/classe/signin',
      signInBody(cards.classCode, noe, wrong(noe.pictures)),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: pupilMessages.wrongPictures });
    for (const pictures of [
      [1, 2, 3],
      [1, 2, 3, 12],
      [1, 2, 3, -1],
      ['a', 1, 2, 3],
    ]) {
      const bad = await door().post('/api/classe/signin', {
        classCode: cards.classCode,
        pupilId: noe.pupilId,
        pictures,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ success: false, message: pupilMessages.choosePictures });
    }
    const tom = other.card('Tom');
    const elsewhere = await door().post('/api/classe/signin', signInBody(cards.classCode, tom));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ success: false, message: pupilMessages.pupilNotInClass });
    const unknown = await door().post('/api/classe/signin', signInBody('ZZZZZZ', noe));
    expect(unknown.statusCode).toBe(404);
    const refusals = await ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'auth.login-refused')
      .execute();
    expect(refusals.map((row) => JSON.parse(row.details))).toContainEqual({
      door: 'classe-pictures',
      reason: pupilMessages.wrongPictures,
      status: 401,
    });
  });

  it('makes a pupil who keeps failing wait, growing, and lets the rest of the class in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-12-01T08:00:00.000Z');
    vi.setSystemTime(start);
    const { cards, card } = await aClass();
    const sami = card('Sami');
    const bad = signInBody(cards.classCode, sami, wrong(sami.pictures));
    for (let i = 1; i < PUPIL_FREE_FAILURES; i += 1) {
      expect((await door().post('/api/classe/signin', bad)).statusCode).toBe(401);
    }
    const third = await door().post('/api/classe/signin', bad);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(`${pupilMessages.wrongPictures} ${pupilMessages.waitBeforeRetry(30)}`);
    // While waiting, even the right pictures are refused with the wait.
    const waiting = await door().post('/api/classe/signin', signInBody(cards.classCode, sami));
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toBe(pupilMessages.waitBeforeRetry(30));
    expect(waiting.headers['retry-after']).toBe('30');
    // The others sign in.
    expect(
      (await door().post('/api/classe/signin', signInBody(cards.classCode, card('Lina')))).statusCode,
    ).toBe(200);
    // After the wait, another failure waits twice as long.
    vi.setSystemTime(start + PUPIL_FIRST_DELAY_MS + 1_000);
    const fourth = await door().post('/api/classe/signin', bad);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(`${pupilMessages.wrongPictures} ${pupilMessages.waitBeforeRetry(60)}`);
    // An hour of a pupil retrying the moment each wait ends: the class is still open to the others.
    let now = start + PUPIL_FIRST_DELAY_MS + 1_000;
    let failures = PUPIL_FREE_FAILURES + 1;
    while (now < start + 3_600_000) {
      const answer = await door().post('/api/classe/signin', bad);
      if (answer.statusCode === 429 && answer.json().message.startsWith(pupilMessages.wrongPictures))
        failures += 1;
      now += Number(answer.headers['retry-after'] ?? 1) * 1000;
      vi.setSystemTime(now);
    }
    expect(failures).toBeLessThan(CLASS_BURST / 2);
    expect(
      (await door().post('/api/classe/signin', signInBody(cards.classCode, card('Noé')))).statusCode,
    ).toBe(200);
    // And the right pictures, once the wait is over, let Sami in and forgive the failures.
    const row = await ctx.db
      .selectFrom('sign_in_throttle')
      .select('blocked_until')
      .where('key', '=', `pupil:${sami.pupilId}`)
      .executeTakeFirstOrThrow();
    vi.setSystemTime(Date.parse(row.blocked_until!) + 1);
    expect((await door().post('/api/classe/signin', signInBody(cards.classCode, sami))).statusCode).toBe(200);
    expect((await door().post('/api/classe/signin', bad)).statusCode).toBe(401);
  });

  it('slows someone guessing across all the pupils of a class', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-12-02T08:00:00.000Z'));
    // 31 pupils, two wrong tries each (below a pupil's free failures): the class's 61st failure
    // makes the whole class wait a little.
    const names = Array.from({ length: 31 }, (_, i) => `Élève ${String(i).padStart(2, '0')}`);
    const { cards } = await aClass(names);
    const statuses: number[] = [];
    for (let round = 0; round < PUPIL_FREE_FAILURES - 1; round += 1) {
      for (const card of cards.cards) {
        const answer = await door().post(
          '/api/classe/signin',
          signInBody(cards.classCode, card, wrong(card.pictures)),
        );
        statuses.push(answer.statusCode);
      }
    }
    expect(statuses.slice(0, CLASS_BURST)).toEqual(Array(CLASS_BURST).fill(401));
    expect(statuses[CLASS_BURST]).toBe(429);
    // Now every pupil of the class waits a little, even with the right pictures.
    const right = await door().post('/api/classe/signin', signInBody(cards.classCode, cards.cards[0]!));
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(pupilMessages.waitBeforeRetry(10));
    // The wait is short, and then the right pictures let the pupil in.
    vi.setSystemTime(Date.parse('2026-12-02T08:00:10.000Z'));
    expect(
      (await door().post('/api/classe/signin', signInBody(cards.classCode, cards.cards[0]!))).statusCode,
    ).toBe(200);
  });

  it('applies the school’s licence rules as to teachers', async () => {
    const { cards, card, school } = await aClass(['Jade']);
    await ctx.db
      .updateTable('schools')
      .set({ license_end_date: daysFromToday(-1) })
      .where('id', '=', school.id)
      .execute();
    const expired = await door().post('/api/classe/signin', signInBody(cards.classCode, card('Jade')));
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ success: false, message: authMessages.licenseExpired });
    await ctx.db
      .updateTable('schools')
      .set({ license_end_date: daysFromToday(30), active_license: 0 })
      .where('id', '=', school.id)
      .execute();
    const off = await door().post('/api/classe/card', { token: card('Jade').qrToken });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({ success: false, message: authMessages.licenseInactive });
  });
});

describe('signing in with the QR code', () => {
  it('signs the pupil in; a forged, a broken or an old token after « Nouvelles cartes » is refused', async () => {
    const { card, client, base } = await aClass();
    const lina = card('Lina');
    const response = await door().post('/api/classe/card', { token: lina.qrToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toEqual({ id: lina.pupilId, name: '', firstname: 'Lina', role: 'pupil' });

    const [id, version, signature] = lina.qrToken.split('.');
    const noe = card('Noé');
    for (const token of [
      `${noe.pupilId}.${version}.${signature}`,
      `${id}.${Number(version) + 1}.${signature}`,
      `${id}.${version}.${signature!.slice(0, -1)}A`.replace(/AA$/, 'AB'),
      'nimportequoi',
    ]) {
      if (token === lina.qrToken) continue;
      const refused = await door().post('/api/classe/card', { token });
      expect(refused.statusCode, token).toBe(401);
      expect(refused.json()).toEqual({ success: false, message: pupilMessages.wrongCard });
    }
    expect((await door().post('/api/classe/card', {})).statusCode).toBe(400);

    const renewed = (await client.post(`${base}/cards/renew`)).json<CardsResponse>();
    const old = await door().post('/api/classe/card', { token: lina.qrToken });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ success: false, message: pupilMessages.wrongCard });
    const fresh = renewed.cards.find((c) => c.pupilId === lina.pupilId)!;
    expect((await door().post('/api/classe/card', { token: fresh.qrToken })).statusCode).toBe(200);
    // The old pictures too.
    const oldPictures = await door().post('/api/classe/signin', signInBody(renewed.classCode, lina));
    if (lina.pictures.join() !== fresh.pictures.join()) expect(oldPictures.statusCode).toBe(401);
  });

  it('refuses the card of a pupil removed from the class', async () => {
    const { card, client, base } = await aClass();
    const sami = card('Sami');
    await client.delete(`${base}/pupils/${sami.pupilId}`);
    expect((await door().post('/api/classe/card', { token: sami.qrToken })).statusCode).toBe(401);
  });
});

describe('what a tablet keeps to let a pupil in offline', () => {
  /** Whether `pictures` pass the check the tablet was given for `pupilId`. */
  const passes = (offline: OfflineDoor, pupilId: number, pictures: number[]) =>
    offlinePicturesDigest(pupilId, pictures, offline.salt, offline.iterations).then(
      (digest) => digest === offline.digest,
    );

  it('answers each sign-in with a salted check of the pupil’s own pictures, not the pictures', async () => {
    const { cards, card } = await aClass();
    const lina = card('Lina');
    const noe = card('Noé');
    const byPictures = (
      await door().post('/api/classe/signin', signInBody(cards.classCode, lina))
    ).json<DoorSignInResponse>();
    const byCard = (
      await door().post('/api/classe/card', { token: lina.qrToken })
    ).json<DoorSignInResponse>();
    for (const { offline } of [byPictures, byCard]) {
      expect(offline).toEqual({
        classCode: cards.classCode,
        classTitle: 'CE1 Les loutres',
        displayName: 'Lina',
        salt: expect.stringMatching(/^[0-9a-f]{32}$/),
        iterations: OFFLINE_CHECK_ITERATIONS,
        digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(JSON.stringify(offline)).not.toContain(lina.pictures.join('-'));
      expect(await passes(offline!, lina.pupilId, lina.pictures)).toBe(true);
      expect(await passes(offline!, lina.pupilId, wrong(lina.pictures))).toBe(false);
      // Bound to the pupil: Noé's id with Lina's pictures does not pass.
      expect(await passes(offline!, noe.pupilId, lina.pictures)).toBe(false);
    }
    // A fresh salt each time: two tablets never hold the same digest.
    expect(byPictures.offline!.salt).not.toBe(byCard.offline!.salt);
  });

  it('gives nothing to keep for a card whose pupil is in no class with a code', async () => {
    const { card, group } = await aClass(['Lina']);
    await ctx.db.updateTable('class_groups').set({ class_code: null }).where('id', '=', group.id).execute();
    const response = await door().post('/api/classe/card', { token: card('Lina').qrToken });
    expect(response.statusCode).toBe(200);
    expect(response.json<DoorSignInResponse>().offline).toBeNull();
  });
});

describe('a pupil’s session', () => {
  it('ends after PUPIL_IDLE_MINUTES without a request; a pupil who keeps working stays in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-12-03T09:00:00.000Z');
    vi.setSystemTime(start);
    const { cards, card } = await aClass();
    const signedIn = async (name: string) =>
      apiClient(ctx.app, (await door().post('/api/classe/card', { token: card(name).qrToken })).json().token);
    const worker = await signedIn('Lina');
    const idle = await signedIn('Noé');
    const expiresOf = async (pupilId: number) =>
      (
        await ctx.db
          .selectFrom('auth_sessions')
          .select('expires_at')
          .where('user_id', '=', pupilId)
          .executeTakeFirstOrThrow()
      ).expires_at;

    // Within a minute the session row is not written again.
    vi.setSystemTime(start + 30_000);
    expect((await worker.get('/api/auth/me')).statusCode).toBe(200);
    expect(await expiresOf(card('Lina').pupilId)).toBe(new Date(start + 10 * 60_000).toISOString());
    // Lina makes a request every 4 minutes for 20 minutes.
    for (let minute = 4; minute <= 20; minute += 4) {
      vi.setSystemTime(start + minute * 60_000);
      expect((await worker.get('/api/auth/me')).statusCode, `minute ${minute}`).toBe(200);
    }
    expect(await expiresOf(card('Lina').pupilId)).toBe(new Date(start + 30 * 60_000).toISOString());
    // Noé did nothing for 20 minutes: signed out.
    const late = await idle.get('/api/auth/me');
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ success: false, message: authMessages.notSignedIn });
    // Idle exactly past the limit: out, too.
    vi.setSystemTime(start + 30 * 60_000 + 1);
    expect((await worker.get('/api/auth/me')).statusCode).toBe(401);
    expect(cards.cards).toHaveLength(3);
  });

  it('does not slide a teacher’s session', async () => {
    const { teacher } = await aClass(['Zia']);
    const before = await ctx.db
      .selectFrom('auth_sessions')
      .select('expires_at')
      .where('user_id', '=', teacher.id)
      .executeTakeFirstOrThrow();
    const client = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
    await client.get('/api/auth/me');
    const after = await ctx.db
      .selectFrom('auth_sessions')
      .select('expires_at')
      .where('user_id', '=', teacher.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(after.expires_at).toBe(before.expires_at);
  });
});
