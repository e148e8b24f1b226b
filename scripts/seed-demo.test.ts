import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../server/app.js';
import { prepare } from '../server/bootstrap.js';
import { loadConfig } from '../server/config.js';
import { apiClient, signIn } from '../server/test/helper.js';
import { createTestDatabase } from '../server/test/test-database.js';
import { seedDemo } from './seed-demo.js';

describe('npm run seed:demo', async () => {
  const testDb = await createTestDatabase();
  const config = {
    ...loadConfig({ DATA_DIR: testDb.dataDir, LOG_LEVEL: 'silent' }),
    database: testDb.database,
  };
  afterAll(() => testDb.drop());

  it('fills an empty database with content a teacher can use, then refuses to run twice', async () => {
    const result = await seedDemo(config, () => {});
    expect(result.created).toBe(true);
    if (!result.created) return;

    const { db, files } = await prepare(config, () => {});
    const app = await buildApp({ db, config, files, logger: false });
    const teacher = await signIn(app, { email: result.teacherEmail, password: result.teacherPassword });
    const levels = (await teacher.get('/api/user/getuserlevels')).json().res;
    expect(levels).toHaveLength(1);
    const counts = await db
      .selectFrom('activities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(counts.n)).toBe(16);
    const anyPackage = await db.selectFrom('activities').select('package_hash').executeTakeFirstOrThrow();
    expect(await files.exists(`packages/${anyPackage.package_hash}.zip`)).toBe(true);
    expect((await apiClient(app).get('/api/auth/me')).statusCode).toBe(204);
    await app.close();
    await db.destroy();

    expect((await seedDemo(config, () => {})).created).toBe(false);
  });
});
