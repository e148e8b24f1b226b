// Levels whose one activity plays a package, stored as an upload leaves it (the zip, and its files
// unpacked for the admin preview), and the group entry that plays a level's activity.
import path from 'node:path';
import type { PackageKind } from '../../common/schemas/activity-package.js';
import type { Db } from '../../server/db/database.js';
import { buildLevel, storePackage } from '../../server/fixtures/curriculum.js';
import { buildZip } from '../../server/fixtures/files.js';
import { packageFileKey } from '../../server/storage/keys.js';
import { LocalFileStore } from '../../server/storage/local-store.js';
import { describeActivities } from './runtime-packages.js';
import type { RunningServer } from './server.js';

/** `files` by path; the package launches `index.html` at its root. */
export async function addPackageLevel(
  server: RunningServer,
  level: { title: string; files: Record<string, string>; kind: PackageKind },
) {
  const store = new LocalFileStore(path.join(server.dataDir, 'files'));
  const packageHash = await storePackage(store, buildZip(level.files));
  for (const [name, content] of Object.entries(level.files)) {
    await store.write(packageFileKey(packageHash, name.split('/')), Buffer.from(content));
  }
  const built = await buildLevel(server.db, [[{ sessions: [1] }]], { title: level.title, packageHash });
  const ids = built.lessons[0]![0]!.activityIds.flat();
  await describeActivities(server.db, ids, { kind: level.kind, root: '', launch: 'index.html' });
  return { levelId: built.levelId, packageHash, activityId: ids[0]! };
}

/** The id in /activity/{id} of the activity in the group made last. */
export async function latestEntryOf(db: Db, activityId: number): Promise<number> {
  const [entry] = await db
    .selectFrom('group_activities')
    .select('id')
    .where('activity_id', '=', activityId)
    .orderBy('id', 'desc')
    .limit(1)
    .execute();
  return entry!.id;
}
