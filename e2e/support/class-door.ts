// The pupils' door /classe as a pupil uses it (docs/pupils.md#sans-ent--les-cartes-de-connexion).
import type { Page } from 'playwright-core';
import { CARD_PICTURES } from '../../common/pupils.js';

/** Taps the pictures of a sequence on the door's grid. */
export async function tapPictures(page: Page, pictures: readonly number[]): Promise<void> {
  for (const picture of pictures) {
    await page.getByRole('button', { name: CARD_PICTURES[picture], exact: true }).click();
  }
}
