// The foundation in a real browser: sign-in by role, session restore, logout, guard, 404, sidebar, 2FA.
import zlib from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../common/messages/auth.js';
import { totpCodeAt } from '../server/features/auth/totp.js';
import { createAdmin, createTeacher, DEFAULT_PASSWORD } from '../server/fixtures/factories.js';
import { newAdminPage } from './support/admin-session.js';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newPage,
  newSignedInPage,
  PHONE,
  signInThroughForm,
} from './support/browser.js';
import { ADMIN_EMAIL, type RunningServer, startServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('sign-in', () => {
  it('sends an admin to /dashboard, keeps the session on reload, and logs out', async () => {
    const { context, page } = await newAdminPage(browser, server);
    await expect.poll(() => page.getByText('Logged in successfully').isVisible()).toBe(true);
    const stored = await page.evaluate(() => ({
      user: JSON.parse(sessionStorage.getItem('user') ?? 'null'),
      token: sessionStorage.getItem('token'),
    }));
    expect(stored.user).toMatchObject({ name: 'Admin', role: 'admin' });
    expect(stored.token).toMatch(/^[\w-]{43}$/);

    await page.reload();
    await page.waitForURL(/\/dashboard$/);
    await expect
      .poll(() => page.getByTestId('sidebar').getByText('admin', { exact: true }).isVisible())
      .toBe(true);

    await page.getByTestId('user-menu-trigger').click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'options' }).isVisible()).toBe(true);
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByText('Logged out successfully').isVisible()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

    // The old token is revoked on the server, not just forgotten by the browser.
    const response = await fetch(`${server.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${stored.token}` },
    });
    expect(response.status).toBe(401);
    await context.close();
  });

  it('sends a teacher to /user, also from an admin screen', async () => {
    const teacher = await createTeacher(server.db);
    const { context, page } = await newSignedInPage(browser, server.url, teacher, /\/user$/);
    // Admin screens send a teacher back to their own area instead of failing calls.
    await page.goto(`${server.url}/schools`);
    await page.waitForURL(/\/user$/);
    await context.close();
  });

  it('shows the spec messages for empty fields and a wrong password', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await expect.poll(() => page.getByRole('heading', { name: 'Ardoise' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('Please fill in all fields');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Mot de passe', { exact: true }).fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe(authMessages.invalidCredentials);
    await context.close();
  });

  it('shows the French wait of a 429 on the sign-in page, while the owner’s known browser signs in at once', async () => {
    const teacher = await createTeacher(server.db);
    const own = await newSignedInPage(browser, server.url, teacher, /\/user$/);
    const device = (await own.context.cookies()).find((c) => c.name.startsWith('__Host-ardoise_device_'));
    expect(device).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });

    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(teacher.email);
    const submit = async (password: string) => {
      await page.getByLabel('Mot de passe', { exact: true }).fill(password);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
      await page.getByTestId('login-submit').click();
      return answer;
    };
    for (let i = 0; i < 5; i++) expect((await submit(`devine-${i}`)).status()).toBe(401);
    const throttled = await submit(DEFAULT_PASSWORD);
    expect(throttled.status()).toBe(429);
    const seconds = Number(await throttled.headerValue('retry-after'));
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe(authMessages.tooManyAttempts(seconds));
    expect(authMessages.tooManyAttempts(seconds)).toMatch(/^Trop de tentatives\. Réessayez dans \d+ \S+\.$/);
    await context.close();

    // A new tab of the owner's browser is signed out, but the browser is known: in at once.
    const again = await own.context.newPage();
    await signInThroughForm(again, server.url, teacher, /\/user$/);
    await own.context.close();
  });

  it('redirects an already signed-in visitor of /login by role', async () => {
    const { context, page } = await newAdminPage(browser, server);
    await page.goto(`${server.url}/login`);
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });

  it('signs in an admin with a TOTP code computed here', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const admin = await createAdmin(server.db, { totp_secret: secret, totp_enabled: 1 });
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe(authMessages.twoFactorRequired);
    await page.getByLabel(/code/i).fill(totpCodeAt(secret, new Date()));
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });
});

describe('budget', () => {
  it('loads at most 150 KB of gzipped JavaScript on /login (docs/decisions.md#performance-budgets)', async () => {
    const { context, page } = await newPage(browser);
    const scripts: Response[] = [];
    const onResponse = (response: Response) => {
      if (response.url().endsWith('.js')) scripts.push(response);
    };
    page.on('response', onResponse);
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    // The form on screen: every script it needed has run (a quiet network alone can be a busy CPU).
    await page.getByRole('button', { name: /se connecter|connexion/i }).waitFor();
    page.off('response', onResponse);
    const sizes = await Promise.all(scripts.map(async (script) => zlib.gzipSync(await script.body()).length));
    const total = sizes.reduce((sum, size) => sum + size, 0);
    console.log(`/login initial JS: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} files`);
    expect(total).toBeLessThanOrEqual(150 * 1024);
    await context.close();
  });
});

describe("a newcomer's first look", () => {
  it('logs no error in the console on a signed-out first visit', async () => {
    const { context, page } = await newPage(browser);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const me = page.waitForResponse((response) => response.url().endsWith('/api/auth/me'));
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login$/);
    expect((await me).status()).toBe(204);
    await expect.poll(() => page.getByLabel('Email').isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows first-name and name initials in the avatar ("CM" for Camille Martin)', async () => {
    const teacher = await createTeacher(server.db, { firstname: 'Camille', name: 'Martin' });
    const { context, page } = await newSignedInPage(browser, server.url, teacher, /\/user$/);
    await expect.poll(() => page.getByTestId('user-menu-trigger').textContent()).toBe('CM');
    await page.reload();
    await expect.poll(() => page.getByTestId('user-menu-trigger').textContent()).toBe('CM');
    await context.close();
  });
});

describe('guard and routes', () => {
  it('sends an anonymous visitor of /teachers to /login, and / to /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/teachers`);
    await page.waitForURL(/\/login$/);
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it('clears a stale session and goes to /login when the session check fails', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => {
      sessionStorage.setItem('user', JSON.stringify({ id: 1, name: 'Ghost', role: 'admin' }));
      sessionStorage.setItem('token', 'revoked-or-forged');
    });
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/login$/);
    expect(
      await page.evaluate(() => [sessionStorage.getItem('user'), sessionStorage.getItem('token')]),
    ).toEqual([null, null]);
    await context.close();
  });

  it('shows the 404 page whose Back button goes back one step', async () => {
    const { context, page } = await newAdminPage(browser, server);
    await page.goto(`${server.url}/no-such-page`);
    await expect.poll(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });
});

describe('app shell', () => {
  it('collapses the sidebar to 70 px and expands it to 240 px', async () => {
    const { context, page } = await newAdminPage(browser, server, DESKTOP);
    const sidebar = page.getByTestId('sidebar');
    const width = async () => (await sidebar.boundingBox())?.width;
    await expect.poll(width).toBe(240);
    for (const name of ['Dashboard', 'Schools', 'Teachers', 'Educational Levels']) {
      expect(await sidebar.getByRole('link', { name }).isVisible()).toBe(true);
    }
    expect(await sidebar.getByText('Ardoise').isVisible()).toBe(true);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Replier le menu' }).click();
    await expect.poll(width).toBe(70);
    await page.getByRole('button', { name: 'Déplier le menu' }).click();
    await expect.poll(width).toBe(240);
    await context.close();
  });

  it('serves a usable shell on a phone', async () => {
    const { context, page } = await newAdminPage(browser, server, PHONE);
    await expect.poll(() => page.getByTestId('user-menu-trigger').isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await context.close();
  });
});
