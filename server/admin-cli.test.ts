// `npm run admin`: creates an admin and resets an admin's password on the database the environment
// names, with the server running beside it (the same database) or stopped.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from './admin-cli.js';
import { createAdmin, createTeacher, DEFAULT_PASSWORD } from './fixtures/factories.js';
import { projectRoot } from './project-root.js';
import { apiClient, setupTestApp, signIn } from './test/helper.js';

const ctx = setupTestApp();

async function run(args: string[], env: { ADMIN_PASSWORD?: string } = {}) {
  const lines: string[] = [];
  const code = await runAdminCommand(args, { ...ctx.config, adminPassword: env.ADMIN_PASSWORD }, (line) =>
    lines.push(line),
  );
  return { code, output: lines.join('\n') };
}

const printedPassword = (output: string) => /with password (\S+)/.exec(output)?.[1] ?? '';

describe('npm run admin -- create', () => {
  it('creates an admin with a random password printed once, who can sign in', async () => {
    const { code, output } = await run(['create', 'Second.Admin@Ecole.fr']);
    expect(code).toBe(0);
    const password = printedPassword(output);
    expect(password.length).toBeGreaterThanOrEqual(16);
    const session = await signIn(ctx.app, { email: 'second.admin@ecole.fr', password });
    expect((await session.get('/api/admin/getschools')).statusCode).toBe(200);
  });

  it('takes the password from ADMIN_PASSWORD without printing it', async () => {
    const { code, output } = await run(['create', 'third@ecole.fr'], { ADMIN_PASSWORD: 'chosen-password' });
    expect(code).toBe(0);
    expect(output).not.toContain('chosen-password');
    await signIn(ctx.app, { email: 'third@ecole.fr', password: 'chosen-password' });
  });

  it('refuses an email already used, a short ADMIN_PASSWORD and a bad command', async () => {
    const teacher = await createTeacher(ctx.db);
    expect(await run(['create', teacher.email])).toMatchObject({
      code: 1,
      output: expect.stringContaining('already'),
    });
    expect((await run(['create', 'x@ecole.fr'], { ADMIN_PASSWORD: 'short' })).code).toBe(1);
    expect((await run(['create', 'not-an-email'])).code).toBe(2);
    expect((await run(['delete', 'x@ecole.fr'])).output).toContain('reset-password <email>');
  });
});

describe('npm run admin -- reset-password', () => {
  let admin: { email: string };
  beforeAll(async () => {
    admin = await createAdmin(ctx.db);
  });

  it("gives a running server's admin a new password and signs their sessions out", async () => {
    const before = await signIn(ctx.app, { email: admin.email, password: DEFAULT_PASSWORD });
    const { code, output } = await run(['reset-password', admin.email.toUpperCase()]);
    expect(code).toBe(0);
    expect((await before.get('/api/admin/getschools')).statusCode).toBe(401);
    const old = await apiClient(ctx.app).post('/api/auth/login', {
      username: admin.email,
      password: DEFAULT_PASSWORD,
    });
    expect(old.statusCode).not.toBe(200);
    await signIn(ctx.app, { email: admin.email, password: printedPassword(output) });
  });

  it("refuses an unknown email and a teacher's", async () => {
    const teacher = await createTeacher(ctx.db);
    expect(await run(['reset-password', 'nobody@ecole.fr'])).toMatchObject({ code: 1 });
    expect(await run(['reset-password', teacher.email])).toMatchObject({ code: 1 });
    await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
  });

  it('runs as `npm run admin` in its own process on the same database', async () => {
    const env = {
      ...process.env,
      DATA_DIR: ctx.config.dataDir,
      ADMIN_PASSWORD: 'from-the-shell',
      ...(ctx.config.database.kind === 'postgres' ? { DATABASE_URL: ctx.config.database.url } : {}),
    };
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'admin', '--', 'reset-password', admin.email],
      {
        cwd: projectRoot(),
        env,
      },
    );
    expect(stdout).toContain(`New password for ${admin.email}`);
    await signIn(ctx.app, { email: admin.email, password: 'from-the-shell' });
  }, 30_000);
});
