// The audit log screen's route on a real database: sign-ins (accepted and refused, with the reason),
// the 2FA switch, admin changes, filters by actor, kind of object and dates, and keyset pages.
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../common/messages/auth.js';
import { httpMessages } from '../../../common/messages/http.js';
import { insightsMessages } from '../../../common/messages/insights.js';
import { AUDIT_PAGE_SIZE, auditPageResponseSchema } from '../../../common/schemas/insights.js';
import { createTeacher, DEFAULT_PASSWORD, today } from '../../fixtures/factories.js';
import { expectShape, signInNewAdmin } from '../../test/admin-helpers.js';
import { apiClient, setupTestApp } from '../../test/helper.js';
import { recordAudit } from './audit.repository.js';

const ctx = setupTestApp();

type Entry = {
  id: number;
  at: string;
  action: string;
  entity: string;
  actor: { email: string } | null;
  details: Record<string, unknown>;
};
const entriesOf = (body: { entries: Entry[] }) => body.entries;

describe('GET /api/admin/audit', () => {
  it('records sign-ins, accepted and refused with the reason given, and never the password', async () => {
    const admin = await signInNewAdmin(ctx);
    const teacher = await createTeacher(ctx.db, { active: 0 });
    await apiClient(ctx.app).post('/api/auth/login', { username: teacher.email, password: DEFAULT_PASSWORD });
    await apiClient(ctx.app).post('/api/auth/login', { username: teacher.email, password: 'wrong-password' });

    const response = await admin.get(`/api/admin/audit?entity=auth`);
    expect(response.statusCode).toBe(200);
    expectShape(auditPageResponseSchema, response.json());
    const entries = entriesOf(response.json());
    const refusals = entries.filter(
      (e) => e.action === 'auth.login-refused' && e.details.email === teacher.email,
    );
    expect(refusals.map((e) => e.details.reason)).toEqual([
      authMessages.invalidCredentials,
      authMessages.accountInactive,
    ]);
    expect(JSON.stringify(refusals)).not.toContain('wrong-password');
    const signIn = entries.find((e) => e.action === 'auth.login' && e.actor?.email === admin.admin.email);
    expect(signIn?.details).toEqual({ email: admin.admin.email });
  });

  it('shows admin changes with who made them, newest first, and the 2FA switch', async () => {
    const admin = await signInNewAdmin(ctx);
    const created = await admin.post('/api/admin/createschool', {
      schoolName: 'École auditée',
      city: 'Nantes',
      telephone: '0102030405',
      licensestartdate: today(),
      licensesddate: today(),
    });
    expect(created.statusCode).toBe(201);
    await admin.post('/api/auth/setup-2fa');

    const entries = entriesOf(
      (await admin.get(`/api/admin/audit?actor=${encodeURIComponent(admin.admin.email)}`)).json(),
    );
    expect(entries.map((e) => e.action)).toEqual(['admin.enable-2fa', 'school.create', 'auth.login']);
    expect(entries.every((e) => e.actor?.email === admin.admin.email)).toBe(true);
    expect(entries[0]!.at >= entries[1]!.at).toBe(true);
  });

  it('filters by kind of object and dates, and pages through a large log without repeats', async () => {
    const admin = await signInNewAdmin(ctx);
    const count = AUDIT_PAGE_SIZE + 7;
    for (let i = 0; i < count; i++) {
      await recordAudit(ctx.db, {
        actorId: admin.admin.id,
        action: 'pdf.rename',
        entity: 'pdf',
        entityId: i + 1,
      });
    }
    await ctx.db
      .updateTable('audit_log')
      .set({ created_at: '2020-01-15T10:00:00.000Z' })
      .where('entity', '=', 'pdf')
      .where('entity_id', '<=', 3)
      .execute();

    const first = (await admin.get('/api/admin/audit?entity=pdf')).json();
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.nextBefore).toBe(first.entries.at(-1).id);
    const second = (await admin.get(`/api/admin/audit?entity=pdf&before=${first.nextBefore}`)).json();
    expect(second.entries).toHaveLength(7);
    expect(second.nextBefore).toBeNull();
    const ids = [...first.entries, ...second.entries].map((e: Entry) => e.id);
    expect(new Set(ids).size).toBe(count);
    expect(second.entries.slice(-3).map((e: Entry) => e.at)).toEqual(
      Array(3).fill('2020-01-15T10:00:00.000Z'),
    );

    const jan = (await admin.get('/api/admin/audit?entity=pdf&from=2020-01-15&to=2020-01-15')).json();
    expect(jan.entries).toHaveLength(3);
    const none = (await admin.get('/api/admin/audit?entity=pdf&from=2020-01-16&to=2020-01-20')).json();
    expect(none).toEqual({ success: true, entries: [], nextBefore: null });
    const nobody = (await admin.get('/api/admin/audit?actor=nobody%40example.test')).json();
    expect(nobody).toEqual({ success: true, entries: [], nextBefore: null });
  });

  it.each([
    ['from=2026-02-30', insightsMessages.invalidDate],
    ['to=yesterday', insightsMessages.invalidDate],
    ['from=2026-03-02&to=2026-03-01', insightsMessages.dateRange],
    ['actor=not-an-email', insightsMessages.invalidEmail],
    ['before=0', httpMessages.invalidId],
    ['before=abc', httpMessages.invalidId],
  ])('refuses %s with 400 and a clear message', async (query, message) => {
    const admin = await signInNewAdmin(ctx);
    const response = await admin.get(`/api/admin/audit?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message });
  });

  it('refuses an unknown kind of object with 400', async () => {
    const admin = await signInNewAdmin(ctx);
    const response = await admin.get('/api/admin/audit?entity=password');
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });
});
