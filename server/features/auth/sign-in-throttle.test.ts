// Throttling that fits schools: one address for a whole school, an attacker's rate on one
// account, the known browser's own budget, Retry-After, the audit log. Time is moved, never waited.
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ownAccountMessages } from '../../../common/messages/account-access.js';
import { authMessages } from '../../../common/messages/auth.js';
import { createAdmin, createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { apiClient, setupTestApp } from '../../test/helper.js';
import { DEVICE_COOKIE_PREFIX, deviceCookieName } from './device-cookie.js';
import { ACCOUNT_FREE_FAILURES, guessesWithin, MAX_DELAY_MS } from './throttle-rules.js';
import { totpCodeAt } from './totp.js';

const ctx = setupTestApp();

const HOUR = 3_600_000;
const SCHOOL = '198.51.100.7';

// Each test starts two days after the previous one: the budgets it leaves are forgotten by then.
let day = 0;
beforeEach(() => {
  day += 2;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2027-01-04T08:00:00Z') + day * 86_400_000);
});
afterEach(() => {
  vi.useRealTimers();
});

const moveTime = (ms: number) => vi.setSystemTime(Date.now() + ms);

type From = { address?: string; cookies?: Record<string, string> };

function login(email: string, password: string, from: From = {}, token?: string) {
  return apiClient(ctx.app).request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: email, password, ...(token ? { token } : {}) },
    remoteAddress: from.address ?? SCHOOL,
    cookies: from.cookies ?? {},
  });
}

/** The device cookie a successful sign-in hands out, as the browser sends it back. */
function deviceCookieOf(response: LightMyRequestResponse): Record<string, string> {
  const cookie = response.cookies.find((c) => c.name.startsWith(DEVICE_COOKIE_PREFIX));
  if (!cookie) throw new Error('no device cookie');
  return { [cookie.name]: cookie.value };
}

/** Asserts a 429 says the same wait in its header and its message, and returns the seconds. */
function waitOf(response: LightMyRequestResponse): number {
  expect(response.statusCode).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(response.json()).toEqual({ success: false, message: authMessages.tooManyAttempts(seconds) });
  return seconds;
}

let strangers = 0;
/** A new address each time, as a botnet would use. */
const elsewhere = () => {
  strangers += 1;
  return `203.0.113.${strangers % 250}`;
};

describe('one address for a whole school', () => {
  it("lets a teacher sign in at once after a pupil's 20 wrong tries from the same address", async () => {
    const teacher = await createTeacher(ctx.db);
    const ownBrowser = deviceCookieOf(await login(teacher.email, DEFAULT_PASSWORD));
    // On a classroom computer the pupil tries made-up emails, then the teacher's own account.
    for (let i = 0; i < 20; i++) {
      const email = i < 10 ? `eleve${i}@ecole.test` : teacher.email;
      const response = await login(email, `devine-${i}`);
      expect(response.statusCode).toBe(i < 15 ? 401 : 429);
    }
    // The teacher, on her own browser, signs in at once although her account was tried 10 times.
    expect((await login(teacher.email, DEFAULT_PASSWORD, { cookies: ownBrowser })).statusCode).toBe(200);
    // A colleague signs in at once on any computer of the school, even one that never knew them.
    const colleague = await createTeacher(ctx.db);
    expect((await login(colleague.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    // What the pupil did cost the teacher's account one minute on browsers that do not know her.
    expect(waitOf(await login(teacher.email, DEFAULT_PASSWORD))).toBe(60);
  });

  it('never blocks 1,000 people behind one address in a morning rush (a third mistype once within 5 minutes)', async () => {
    const failures = Math.ceil(1_000 / 3);
    const statuses: number[] = [];
    const batch = 4;
    for (let i = 0; i < failures; i += batch) {
      const people = Array.from({ length: Math.min(batch, failures - i) }, (_, j) => i + j);
      const answers = await Promise.all(
        people.map((p) => login(`personne${p}@ecole.test`, 'faute-de-frappe')),
      );
      statuses.push(...answers.map((a) => a.statusCode));
      moveTime((5 * 60_000 * batch) / failures);
    }
    expect(statuses.filter((s) => s !== 401)).toEqual([]);
    const teacher = await createTeacher(ctx.db);
    expect((await login(teacher.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  }, 120_000);
});

describe('an attacker on one account', () => {
  it('gets the guesses per hour the rule gives, from any number of addresses, and never the password checked while waiting', async () => {
    const teacher = await createTeacher(ctx.db);
    const start = Date.now();
    let guesses = 0;
    let waits = 0;
    while (Date.now() - start < HOUR) {
      const response = await login(teacher.email, `guess-${guesses}`, { address: elsewhere() });
      if (response.statusCode === 401) {
        guesses += 1;
        continue;
      }
      const seconds = waitOf(response);
      waits += 1;
      // The right password is refused the same way during the wait: nothing is learnt.
      const right = await login(teacher.email, DEFAULT_PASSWORD, { address: elsewhere() });
      expect(right.statusCode).toBe(429);
      moveTime(seconds * 1000);
    }
    expect(guesses).toBe(guessesWithin(HOUR));
    expect(guesses).toBe(11);
    expect(waits).toBe(guesses - ACCOUNT_FREE_FAILURES + 1);
    // The next hour: one guess per longest wait.
    let nextHour = 0;
    const second = Date.now();
    while (Date.now() - second < HOUR) {
      const response = await login(teacher.email, 'guess', { address: elsewhere() });
      if (response.statusCode === 401) nextHour += 1;
      else moveTime(waitOf(response) * 1000);
    }
    expect(nextHour).toBe(HOUR / MAX_DELAY_MS);
  });

  it('cannot keep the admin out: the admin’s own browser signs in at once, and any wait ends on its own', async () => {
    const admin = await createAdmin(ctx.db);
    const adminBrowser = deviceCookieOf(await login(admin.email, DEFAULT_PASSWORD, { address: '192.0.2.1' }));
    for (let i = 0; i < 30; i++) {
      const response = await login(admin.email, 'not-it', { address: elsewhere() });
      expect([401, 429]).toContain(response.statusCode);
    }
    const fromAdmin = { address: '192.0.2.1', cookies: adminBrowser };
    expect((await login(admin.email, DEFAULT_PASSWORD, fromAdmin)).statusCode).toBe(200);
    // On a browser it never used, the admin waits at most the longest wait.
    const elsewhereWait = waitOf(await login(admin.email, DEFAULT_PASSWORD, { address: '192.0.2.2' }));
    expect(elsewhereWait * 1000).toBeLessThanOrEqual(MAX_DELAY_MS);
    moveTime(elsewhereWait * 1000);
    expect((await login(admin.email, DEFAULT_PASSWORD, { address: '192.0.2.2' })).statusCode).toBe(200);
  });
});

describe('the device cookie', () => {
  it('is host-only, __Host- prefixed, Secure, HttpOnly, Path=/, and names the account it proved', async () => {
    const teacher = await createTeacher(ctx.db);
    const response = await login(teacher.email, DEFAULT_PASSWORD);
    const cookie = response.cookies.find((c) => c.name === deviceCookieName(teacher.id));
    expect(cookie).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.domain).toBeUndefined();
    expect(cookie?.name.startsWith('__Host-')).toBe(true);
    expect(cookie?.value.split('.')[0]).toBe(String(teacher.id));
  });

  it("keeps a known browser's own budget: its failures do not touch the account's, and the account's do not touch it", async () => {
    const teacher = await createTeacher(ctx.db);
    const browser = deviceCookieOf(await login(teacher.email, DEFAULT_PASSWORD));
    // A stranger spends the account's budget...
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      expect((await login(teacher.email, 'guess', { address: elsewhere() })).statusCode).toBe(401);
    }
    waitOf(await login(teacher.email, DEFAULT_PASSWORD, { address: elsewhere() }));
    // ...the owner's browser still has all of its own: 4 typos, then in.
    for (let i = 0; i < ACCOUNT_FREE_FAILURES - 1; i++) {
      expect((await login(teacher.email, 'typo', { cookies: browser })).statusCode).toBe(401);
    }
    expect((await login(teacher.email, DEFAULT_PASSWORD, { cookies: browser })).statusCode).toBe(200);
    // The browser's own failures draw on its budget only.
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      expect((await login(teacher.email, 'typo', { cookies: browser })).statusCode).toBe(401);
    }
    waitOf(await login(teacher.email, DEFAULT_PASSWORD, { cookies: browser }));
    const account = await ctx.db
      .selectFrom('sign_in_throttle')
      .select('failures')
      .where('key', '=', `account:${teacher.email}`)
      .executeTakeFirstOrThrow();
    expect(account.failures).toBe(ACCOUNT_FREE_FAILURES);
  });

  it('counts a forged cookie, or one naming another account, as an unknown browser', async () => {
    const teacher = await createTeacher(ctx.db);
    const other = await createTeacher(ctx.db);
    const otherBrowser = deviceCookieOf(await login(other.email, DEFAULT_PASSWORD));
    const [otherValue] = Object.values(otherBrowser);
    const forged = {
      [deviceCookieName(teacher.id)]:
        `${teacher.id}.${otherValue!.split('.')[1]}.${otherValue!.split('.')[2]}`,
    };
    for (const cookies of [forged, { [deviceCookieName(teacher.id)]: otherValue! }, otherBrowser, {}, {}]) {
      expect((await login(teacher.email, 'guess', { cookies, address: elsewhere() })).statusCode).toBe(401);
    }
    // 5 failures on the account's budget, whichever cookie came with them: it waits.
    waitOf(await login(teacher.email, DEFAULT_PASSWORD, { cookies: forged, address: elsewhere() }));
  });
});

describe('the 429', () => {
  it('carries Retry-After and says the same wait in French, shorter as time passes', async () => {
    const teacher = await createTeacher(ctx.db);
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) await login(teacher.email, 'wrong');
    const first = await login(teacher.email, DEFAULT_PASSWORD);
    expect(waitOf(first)).toBe(60);
    expect(first.json().message).toBe('Trop de tentatives. Réessayez dans 1 minute.');
    moveTime(35_000);
    const later = await login(teacher.email, DEFAULT_PASSWORD);
    expect(waitOf(later)).toBe(25);
    expect(later.json().message).toBe('Trop de tentatives. Réessayez dans 25 secondes.');
    moveTime(25_000);
    expect((await login(teacher.email, 'wrong')).statusCode).toBe(401);
    const doubled = await login(teacher.email, DEFAULT_PASSWORD);
    expect(waitOf(doubled)).toBe(120);
    expect(doubled.json().message).toBe('Trop de tentatives. Réessayez dans 2 minutes.');
  });
});

describe('the audit log', () => {
  it('records each wait that starts (account, known browser) and each try refused by one', async () => {
    const teacher = await createTeacher(ctx.db);
    const browser = deviceCookieOf(await login(teacher.email, DEFAULT_PASSWORD));
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) await login(teacher.email, 'wrong');
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) await login(teacher.email, 'wrong', { cookies: browser });
    await login(teacher.email, DEFAULT_PASSWORD);
    const rows = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', 'in', ['auth.throttle', 'auth.login-refused'])
      .where('details', 'like', `%${teacher.email}%`)
      .orderBy('id')
      .execute();
    const throttles = rows.filter((r) => r.action === 'auth.throttle').map((r) => JSON.parse(r.details));
    expect(throttles).toEqual([
      { email: teacher.email, scope: 'account', seconds: 60, purpose: 'sign-in' },
      { email: teacher.email, scope: 'device', seconds: 60, purpose: 'sign-in' },
    ]);
    const refused = JSON.parse(rows.at(-1)!.details);
    expect(refused).toEqual({ email: teacher.email, reason: authMessages.tooManyAttempts(60), status: 429 });
  });
});

describe('every password and code check', () => {
  it('throttles wrong 2FA codes at sign-in like wrong passwords', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const admin = await createAdmin(ctx.db, { totp_secret: secret, totp_enabled: 1 });
    const wrongCode = String((Number(totpCodeAt(secret, new Date())) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      const response = await login(admin.email, DEFAULT_PASSWORD, { address: elsewhere() }, wrongCode);
      expect(response.json().message).toBe(authMessages.twoFactorInvalid);
    }
    const right = totpCodeAt(secret, new Date());
    waitOf(await login(admin.email, DEFAULT_PASSWORD, { address: elsewhere() }, right));
  });

  it('throttles the codes that switch 2FA off, on the admin’s own browser budget', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const admin = await createAdmin(ctx.db, { totp_secret: secret, totp_enabled: 1 });
    const signedIn = await login(admin.email, DEFAULT_PASSWORD, {}, totpCodeAt(secret, new Date()));
    const browser = deviceCookieOf(signedIn);
    const session = apiClient(ctx.app, signedIn.json().token);
    const switchOff = (code: string) =>
      session.request({ method: 'POST', url: '/api/auth/setup-2fa', payload: { code }, cookies: browser });
    const wrongCode = String((Number(totpCodeAt(secret, new Date())) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      expect((await switchOff(wrongCode)).statusCode).toBe(400);
    }
    moveTime(30_000); // a fresh step, so the right code below is not the one spent at sign-in
    waitOf(await switchOff(totpCodeAt(secret, new Date())));
    // Only that browser's budget was spent: the account's is whole.
    expect((await login(admin.email, 'wrong', { address: elsewhere() })).statusCode).toBe(401);
  });

  it('throttles the current password of an own-password change', async () => {
    const teacher = await createTeacher(ctx.db);
    const signedIn = await login(teacher.email, DEFAULT_PASSWORD);
    const session = apiClient(ctx.app, signedIn.json().token);
    const change = (currentPassword: string) =>
      session.request({
        method: 'POST',
        url: '/api/user/password',
        payload: { currentPassword, password: 'nouveau-mot-de-passe' },
        remoteAddress: elsewhere(),
      });
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) {
      const wrong = await change(`guess-${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(ownAccountMessages.currentWrong);
    }
    waitOf(await change(DEFAULT_PASSWORD));
    // The same account's sign-in from an unknown browser waits too: one budget per account.
    waitOf(await login(teacher.email, DEFAULT_PASSWORD, { address: elsewhere() }));
  });
});
