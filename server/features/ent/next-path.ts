// Where a sign-in through the ENT may lead afterwards: only ever a page of Ardoise itself (no open
// redirect through `next` or the SAML RelayState).
import { isOneCleanLine } from '../../../common/schemas/text.js';

const MAX_LENGTH = 500;

/** A path of ours: one leading slash, no scheme-relative '//' or '/\', no backslash anywhere. */
const isOwnPath = (path: string): boolean =>
  path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

/** The path to go to, '' for the role's home; null when the value points anywhere else. The path
 * is checked as given and again once normalised, as the browser will read it ('/.%2e//x' becomes
 * '//x', another host). */
export function safeNextPath(value: unknown, publicUrl: string): string | null {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value !== 'string' || value.length > MAX_LENGTH || !isOneCleanLine(value)) return null;
  if (!isOwnPath(value)) return null;
  const origin = new URL(publicUrl).origin;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== origin || !isOwnPath(path) || url.pathname.startsWith('/api/')) return null;
  return path;
}
