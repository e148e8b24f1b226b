// Ways into an account, in Chromium against the production build (issue 21): two-factor sign-in
// that waits for a first code before it takes effect and asks for a code to switch off.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../common/messages/auth.js';
import { twoFactorMessages } from '../common/messages/two-factor.js';
import { totpCodeAt } from '../server/features/auth/totp.js';
import { newAdminPage } from './support/admin-session.js';
import { expectAccessible, launchBrowser, newPage } from './support/browser.js';
import { photograph } from './support/photograph.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer, startServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const adminTotp = () =>
  server.db
    .selectFrom('users')
    .select(['totp_enabled', 'totp_secret', 'totp_pending_secret'])
    .where('email', '=', ADMIN_EMAIL)
    .executeTakeFirstOrThrow();

const status = (page: Page) => page.getByTestId('two-factor-status').textContent();

describe('two-factor sign-in', () => {
  it('waits for a first code before sign-in asks for one, hides the secret once on, and asks a code to switch off', async () => {
    const { context, page } = await newAdminPage(browser, server);
    await page.goto(`${server.url}/options`);
    const qr = page.getByTestId('two-factor-qr').locator('svg');
    await qr.waitFor();
    expect(await qr.getAttribute('width')).toBe('192');
    expect(await qr.getAttribute('height')).toBe('192');
    const secret = (await page.getByTestId('two-factor-secret').textContent())?.replaceAll(' ', '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect.poll(() => status(page)).toBe(twoFactorMessages.statusOff);
    await expectAccessible(page);

    // The spec's toggle: on, but waiting for a code; sign-in still asks for none.
    await page.getByRole('button', { name: twoFactorMessages.enable }).click();
    await expect.poll(() => status(page)).toBe(twoFactorMessages.statusPending);
    await page.getByTestId('two-factor-waiting').getByText(twoFactorMessages.waiting).waitFor();
    expect(await adminTotp()).toEqual({ totp_enabled: 1, totp_secret: null, totp_pending_secret: secret });
    await photograph(page, 'options-2fa-pending');
    const other = await newAdminPage(browser, server);
    await other.context.close();

    const code = page.getByLabel(twoFactorMessages.codeLabel);
    await code.fill('000000');
    await page.getByRole('button', { name: twoFactorMessages.confirm }).click();
    await page.getByText(twoFactorMessages.codeInvalid).waitFor();
    await expectAccessible(page);
    await code.fill(totpCodeAt(secret, new Date()));
    await page.getByRole('button', { name: twoFactorMessages.confirm }).click();
    await expect.poll(() => status(page)).toBe(twoFactorMessages.statusOn);
    expect(await page.getByTestId('two-factor-secret').count()).toBe(0);
    expect(await page.getByTestId('two-factor-qr').count()).toBe(0);
    expect(await adminTotp()).toEqual({ totp_enabled: 1, totp_secret: secret, totp_pending_secret: null });
    // A reload does not bring the secret back.
    await page.reload();
    await expect.poll(() => status(page)).toBe(twoFactorMessages.statusOn);
    expect(await page.content()).not.toContain(secret);
    await photograph(page, 'options-2fa-on');

    // Sign-in now needs a code.
    const signIn = await newPage(browser);
    await signIn.page.goto(`${server.url}/login`);
    await signIn.page.getByLabel('Email').fill(ADMIN_EMAIL);
    await signIn.page.locator('#login-password').fill(ADMIN_PASSWORD);
    await signIn.page.getByTestId('login-submit').click();
    await expect
      .poll(() => signIn.page.getByTestId('login-error').textContent())
      .toBe(authMessages.twoFactorRequired);
    await signIn.context.close();

    // Switching off asks for a current code.
    await page.getByRole('button', { name: twoFactorMessages.disable }).click();
    await page.getByText(twoFactorMessages.codeToDisable).waitFor();
    const current = page.getByLabel(twoFactorMessages.currentCodeLabel);
    await current.fill(
      String((Number(totpCodeAt(secret, new Date())) + 500_000) % 1_000_000).padStart(6, '0'),
    );
    await page.getByRole('button', { name: twoFactorMessages.disable }).click();
    await page.getByText(twoFactorMessages.codeInvalid).waitFor();
    expect((await adminTotp()).totp_enabled).toBe(1);
    // The code of the next step: the one of this step was spent confirming.
    await current.fill(totpCodeAt(secret, new Date(Date.now() + 30_000)));
    await page.getByRole('button', { name: twoFactorMessages.disable }).click();
    await expect.poll(() => status(page)).toBe(twoFactorMessages.statusOff);
    expect(await adminTotp()).toMatchObject({ totp_enabled: 0, totp_secret: null });
    await context.close();
  });
});
