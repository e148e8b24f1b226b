// Test support of the runtime endpoints: a teacher's group over activities of one package kind,
// writes as the player sends them, and the launch call.
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { PackageKind } from '../../../common/schemas/activity-package.js';
import type { ActivityLaunchResponse, RuntimeWrite } from '../../../common/schemas/activity-runtime.js';
import type { UserTableResponse } from '../../../common/schemas/teacher-area.js';
import { buildLevel } from '../../fixtures/curriculum.js';
import { createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { type ApiClient, signIn, type TestContext } from '../../test/helper.js';

/** A teacher's group over one lesson of `count` activities of this kind (row order = the rule's). */
export async function teacherWithActivities(ctx: TestContext, kind: PackageKind, count = 2) {
  const level = await buildLevel(ctx.db, [[{ sessions: [count] }]]);
  const activityIds = level.lessons[0]![0]!.activityIds[0]!;
  await ctx.db
    .updateTable('activities')
    .set({ package_kind: kind, package_root: 'course/', launch_path: 'res/index.html?lang=fr' })
    .where('id', 'in', activityIds)
    .execute();
  const teacher = await createTeacher(ctx.db, { levelIds: [level.levelId] });
  const client = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
  const { group } = (await client.post(`/api/user/creategroups/${level.levelId}`, { title: 'G' })).json();
  const table = async () =>
    (await client.get(`/api/user/usertable/${group.id}`)).json<UserTableResponse>().res;
  const entries = (await table()).period[0]!.groupslesson[0]!.sessions[0]!.activities;
  return { level, teacher, client, groupId: group.id as number, entryIds: entries.map((a) => a.id), table };
}

export const newLaunchId = () => crypto.randomBytes(12).toString('base64url');

export function write(
  launchId: string,
  seq: number,
  standard: RuntimeWrite['standard'],
  data: object,
): RuntimeWrite {
  return { launchId, seq, standard, data: data as RuntimeWrite['data'], at: new Date().toISOString() };
}

export const post = (client: ApiClient, entryId: number, writes: unknown[]) =>
  client.post(`/api/user/activity/runtime/${entryId}`, { writes });

export const launch = async (client: ApiClient, entryId: number) => {
  const response = await client.get(`/api/user/activity/launch/${entryId}`);
  expect(response.statusCode).toBe(200);
  return response.json<ActivityLaunchResponse>();
};
