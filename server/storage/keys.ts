// The storage layout: every key a file gets in the store, in one place. Keys are content-addressed
// (named by the sha256 of the uploaded bytes) and never change in place, on either driver:
//   pdfs/<sha256>.pdf          a PDF
//   packages/<sha256>.zip      an activity package as uploaded (what the player downloads)
//   packages/<sha256>/<path>   the same package unpacked once, for the admin preview
import { SHA256_HEX as SHA256 } from '../../common/sha256.js';

export const pdfKey = (sha256: string) => `pdfs/${sha256}.pdf`;
export const packageZipKey = (sha256: string) => `packages/${sha256}.zip`;
export const packageDirKey = (sha256: string) => `packages/${sha256}`;
/** A file of an unpacked package; `segments` are already checked (no empty, `.` or `..`). */
export const packageFileKey = (sha256: string, segments: string[]) =>
  `${packageDirKey(sha256)}/${segments.join('/')}`;

/** What a stored key belongs to, for the sweep: a PDF key, a package (zip or unpacked file), or
 * nothing Ardoise writes. */
export type KeyOwner = { kind: 'pdf'; key: string } | { kind: 'package'; hash: string } | { kind: 'unknown' };

export function ownerOfKey(key: string): KeyOwner {
  const [top, name, ...rest] = key.split('/');
  if (top === 'pdfs' && rest.length === 0 && name?.endsWith('.pdf') && SHA256.test(name.slice(0, -4)))
    return { kind: 'pdf', key };
  if (top === 'packages' && name) {
    if (rest.length === 0 && name.endsWith('.zip') && SHA256.test(name.slice(0, -4)))
      return { kind: 'package', hash: name.slice(0, -4) };
    if (rest.length > 0 && SHA256.test(name)) return { kind: 'package', hash: name };
  }
  return { kind: 'unknown' };
}
