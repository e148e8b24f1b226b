// The English-words check: a screen's visible text (and the names it gives to assistive technology:
// aria-label, placeholder, title, the tab's title) must be French, except the texts the product's reference (docs/product.md) quotes
// (kept as written) and a few technical names. A word is English when an English word list has it
// and a French one (with every inflected form) does not, or when it is a known false friend.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SPEC_NAMES, SPEC_QUOTES } from './spec-quotes.js';

const require = createRequire(import.meta.url);
const english = new Set<string>(require('an-array-of-english-words'));
const french = new Set<string>(require('an-array-of-french-words'));

/** Product, standard and file-format names an admin reads as they are. */
const TECHNICAL_TERMS = [
  'Ardoise',
  'SCORM',
  'H5P',
  'cmi5',
  'Tin Can',
  'xAPI',
  'HTML5',
  'moveOn',
  'masteryScore',
  'CompletedAndPassed',
  'CompletedOrPassed',
  'NotApplicable',
  'Completed',
  'Passed',
  'Google Authenticator',
  'Aegis',
  '1Password',
  'Lumi',
  'service worker',
  'Flash',
  'plug-ins',
  'site web',
  'Site web',
  'e-mail',
  'QR code',
  'XSRF',
  // The import's files: encodings, formats, spreadsheets, the date patterns it names.
  'UTF-8',
  'BOM',
  'Windows-1252',
  'Excel',
  'CSV',
  'XLSX',
  'JJ/MM/AAAA',
  'AAAA-MM-JJ',
  // The issue names the import's confirm button "Confirmer l'import".
  'l’import',
  // ENT access: the ministry's broker, the protocol of regional ENTs, the school's code.
  'GAR',
  'CAS',
  'ENT',
  'UAI',
  'alt+T', // the toasts' keyboard shortcut, in their region's name
];

/** Words both lists have (French forms of other words) that a French screen would not use. */
const FALSE_FRIENDS = new Set(['location', 'phone', 'close', 'back', 'home', 'reload', 'retry', 'submit']);

/** A text as a whole-word pattern. */
const phrase = (text: string, flags = 'gu') =>
  new RegExp(`(?<!\\p{L})${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, flags);

/** Names of the accounts every E2E server starts with (the first admin, "Admin", initials AD). */
const ACCOUNT_NAMES = ['Admin', 'AD'];
/** French units of size (octet, kilo-, méga-, giga-octet). */
const UNITS = ['o', 'Ko', 'Mo', 'Go'];

const allowed = [
  ...[...SPEC_QUOTES, ...SPEC_NAMES, ...ACCOUNT_NAMES, ...UNITS]
    .sort((a, b) => b.length - a.length)
    .map((t) => phrase(t)),
  // Labels shown in capitals (CSS) reach innerText in capitals: technical names match in any case.
  ...[...TECHNICAL_TERMS].sort((a, b) => b.length - a.length).map((t) => phrase(t, 'giu')),
];

/** What the page shows and names: its visible text, the labels of its visible elements, its title.
 * Text marked translate="no" (codes, hashes: no language) is left out. */
export function screenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    let body = document.body.innerText;
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('[translate="no"]'))) {
      if (element.innerText) body = body.replace(element.innerText, ' ');
    }
    const texts = [document.title, body];
    for (const element of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title]'))) {
      const box = element.getBoundingClientRect();
      const hiddenByAria = element.closest('[aria-hidden="true"]') !== null;
      if ((box.width === 0 && box.height === 0) || hiddenByAria) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** The English words of these texts, each with a little of its context. `data` are what a test
 * stored and the screen shows back (people's names), not the interface's words. */
export function englishWords(texts: readonly string[], data: readonly string[] = []): string[] {
  const found: string[] = [];
  const dataPatterns = [...data].sort((a, b) => b.length - a.length).map((t) => phrase(t));
  for (const text of texts) {
    let rest = text
      .replace(/\S+@\S+/g, ' ') // email addresses
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/\S*\.(html|xml|json|zip|h5p|pdf|csv)\b/gi, ' '); // file names and extensions
    for (const pattern of [...dataPatterns, ...allowed]) rest = rest.replace(pattern, ' ');
    // Letters with digits are codes or ids ('c40ba6c0', 'H5P', '2FA'), not words.
    for (const match of rest.matchAll(/[\p{L}\p{N}]+/gu)) {
      if (/\p{N}/u.test(match[0])) continue;
      const word = match[0].toLowerCase();
      if ((english.has(word) && !french.has(word)) || FALSE_FRIENDS.has(word)) {
        const at = match.index ?? 0;
        found.push(
          `${match[0]} (in “${rest
            .slice(Math.max(0, at - 30), at + 30)
            .replace(/\s+/g, ' ')
            .trim()}”)`,
        );
      }
    }
  }
  return [...new Set(found)];
}

/** Fails with every English word the screen shows outside the allow-list. */
export async function expectFrench(page: Page, screen: string, data: readonly string[] = []): Promise<void> {
  expect(englishWords(await screenTexts(page), data), screen).toEqual([]);
}
