import { describe, expect, it } from 'vitest';
import {
  createActivity,
  createGroup,
  createSchool,
  createSessionPath,
  createTeacher,
} from '../../fixtures/factories.js';
import { signInNewAdmin } from '../../test/admin-helpers.js';
import { setupTestApp } from '../../test/helper.js';

const ctx = setupTestApp();

describe('GET /api/admin/getkpi', () => {
  it('counts teachers (not admins), groups, activities and schools', async () => {
    const client = await signInNewAdmin(ctx);
    expect((await client.get('/api/admin/getkpi')).json()).toEqual({
      success: true,
      totalteacher: 0,
      totalgroup: 0,
      totalactivity: 0,
      totalschool: 0,
    });

    const { levelId, sessionId } = await createSessionPath(ctx.db);
    await createActivity(ctx.db, sessionId);
    await createActivity(ctx.db, sessionId);
    const school = await createSchool(ctx.db);
    const a = await createTeacher(ctx.db, { school_id: school.id });
    await createTeacher(ctx.db, { school_id: school.id });
    await createTeacher(ctx.db); // a second school
    await createGroup(ctx.db, a.id, levelId);

    const response = await client.get('/api/admin/getkpi');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      totalteacher: 3,
      totalgroup: 1,
      totalactivity: 2,
      totalschool: 2,
    });
  });
});
