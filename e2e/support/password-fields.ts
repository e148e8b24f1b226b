// The new-password pair (new-password-fields.tsx) that the sign-in link's page and the teacher's own
// options share.
import type { Page } from 'playwright-core';
import { ownAccountMessages } from '../../common/messages/account-access.js';

/** Types the new password and its confirmation (the same unless a mismatch is the point). */
export async function fillNewPassword(page: Page, password: string, confirmation = password): Promise<void> {
  await page.getByLabel(ownAccountMessages.newPasswordLabel, { exact: true }).fill(password);
  await page.getByLabel(ownAccountMessages.confirmPasswordLabel).fill(confirmation);
}
