// Helpers of the teacher-area tests: a signed-in teacher with a group over a level of a given shape.
import { expect } from 'vitest';
import type { UserTableResponse } from '../../common/schemas/teacher-area.js';
import { buildLevel, type LevelShape } from '../fixtures/curriculum.js';
import { createTeacher, DEFAULT_PASSWORD } from '../fixtures/factories.js';
import { signIn, type TestContext } from './helper.js';

/** A teacher of a new level of this shape, signed in, with one group made through the API;
 * `table()` reads the group's learning table (and expects a 200). */
export async function teacherWithGroup(ctx: TestContext, shape: LevelShape) {
  const level = await buildLevel(ctx.db, shape);
  const teacher = await createTeacher(ctx.db, { levelIds: [level.levelId] });
  const client = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
  const { group } = (
    await client.post(`/api/user/creategroups/${level.levelId}`, { title: 'Groupe' })
  ).json();
  const table = async () => {
    const response = await client.get(`/api/user/usertable/${group.id}`);
    expect(response.statusCode).toBe(200);
    return response.json<UserTableResponse>().res;
  };
  return { level, teacher, client, groupId: group.id as number, table };
}
