// The server's answers about the runtime data activities report (SCORM cmi data, H5P state and
// result): refused writes say what is wrong in a developer's words (the player sends them, never a
// person).
import {
  RUNTIME_DATA_MAX_BYTES,
  RUNTIME_SUSPEND_DATA_MAX_CHARS,
  RUNTIME_WRITES_MAX_PER_REQUEST,
} from '../constants.js';
import { type PackageKind, RUNTIME_STANDARDS } from '../standards/kinds.js';

const kindNames: Record<PackageKind, string> = {
  html5: 'plain HTML5',
  scorm12: 'SCORM 1.2',
  scorm2004: 'SCORM 2004',
  h5p: 'H5P',
  cmi5: 'cmi5',
  tincan: 'Tin Can',
};
const thousands = (n: number) => n.toLocaleString('en-US');

export const runtimeMessages = {
  writesRequired: 'Send at least one runtime write.',
  tooManyWrites: `Send at most ${RUNTIME_WRITES_MAX_PER_REQUEST} runtime writes per request.`,
  invalidLaunchId: 'A launch id is 16 to 64 letters, digits, "-" or "_".',
  launchesRequired: 'Name at least one launch id (launches=a,b).',
  tooManyLaunches: `Name at most ${RUNTIME_WRITES_MAX_PER_REQUEST} launch ids per request.`,
  invalidSeq: 'A write number (seq) is a whole number from 1.',
  invalidStandard: `The standard must be ${RUNTIME_STANDARDS.slice(0, -1).join(', ')} or ${RUNTIME_STANDARDS.at(-1)}.`,
  invalidAt: 'The write time (at) must be an ISO 8601 date and time.',
  invalidData: 'The runtime data must be a JSON object.',
  scormDataShape: 'SCORM runtime data must be an object holding a cmi object.',
  h5pDataShape:
    'H5P runtime data may hold a state text and a result { raw, max, completed, success? } with numbers and booleans.',
  standardMismatch: (standard: PackageKind, packageKind: PackageKind) =>
    `This activity is a ${kindNames[packageKind]} package: it takes no ${kindNames[standard]} data.`,
  dataTooLarge: `The runtime data of one write is limited to ${RUNTIME_DATA_MAX_BYTES / 1024} KiB.`,
  suspendDataTooLong: `cmi.suspend_data is limited to ${thousands(RUNTIME_SUSPEND_DATA_MAX_CHARS)} characters.`,
  h5pStateTooLong: `The H5P state is limited to ${thousands(RUNTIME_SUSPEND_DATA_MAX_CHARS)} characters.`,
} as const;
