// The launch the player is given (GET user/activity/launch/{entryId}): the package to start, the
// runtime data kept for the entry, and for xAPI content the actor and registration of the group.
import crypto from 'node:crypto';
import type { ActivityLaunchResponse } from '../../../common/schemas/activity-runtime.js';
import type { XapiLaunch, XapiPackage } from '../../../common/schemas/xapi.js';
import { isXapiKind } from '../../../common/standards/index.js';
import { xapiPackageOfSummary } from '../../../common/standards/xapi.js';
import type { LaunchRow } from './runtime.repository.js';

/** Namespace of the registrations Ardoise derives from its group entries (UUID v5, RFC 9562). */
const REGISTRATION_NAMESPACE = '5d1c7c1e-8f5e-4a53-9a3c-0b7e3f6a2d41';

export function launchPresenter(row: LaunchRow, homePage: string): ActivityLaunchResponse {
  const kept = row.standard !== null && row.data !== null && row.updated_at !== null;
  const au = isXapiKind(row.package_kind) ? xapiPackageOfSummary(row.package_summary) : null;
  return {
    success: true,
    title: row.activity_title,
    package: {
      hash: row.package_hash,
      kind: row.package_kind,
      root: row.package_root,
      launch: row.launch_path,
    },
    runtime: kept
      ? { standard: row.standard!, data: JSON.parse(row.data!), updatedAt: row.updated_at! }
      : null,
    xapi: au && xapiLaunch(au, row, homePage),
  };
}

/** The actor is the group (the class plays together) or, on a pupil's own entry, the pupil, under
 * the app's home page; the registration is the same for the entry on every device, so its state
 * documents resume anywhere. */
function xapiLaunch(au: XapiPackage, row: LaunchRow, homePage: string): XapiLaunch {
  return {
    activityId: au.activityId,
    moveOn: au.moveOn,
    masteryScore: au.masteryScore,
    ...(au.launchParameters ? { launchParameters: au.launchParameters } : {}),
    actor: {
      objectType: 'Agent',
      // The package is outside content: a pupil is named to it by no more than their role.
      name: row.pupil_id === null ? row.group_title : 'Élève',
      account: learnerAccount(row, homePage),
    },
    registration: uuidV5(`${homePage}/group-entries/${row.entry_id}`, REGISTRATION_NAMESPACE),
    launchMode: 'Normal',
  };
}

/** The xAPI account of an entry's learner, the actor of its launches: the group, or the pupil
 * whose entry it is (an opaque id, never a name). */
export const learnerAccount = (entry: { group_id: number; pupil_id: number | null }, homePage: string) => ({
  homePage,
  name: entry.pupil_id === null ? `group-${entry.group_id}` : `pupil-${entry.pupil_id}`,
});

/** A name-based UUID (version 5, SHA-1), the same for the same name. */
export function uuidV5(name: string, namespace: string): string {
  const hash = crypto
    .createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
