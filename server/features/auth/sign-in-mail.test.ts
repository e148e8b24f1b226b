// Sign-in links sent by email through a real SMTP server on loopback (SMTP_URL set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLinkMessages } from '../../../common/messages/account-access.js';
import { createSchool, createTeacher } from '../../fixtures/factories.js';
import { signInNewAdmin } from '../../test/admin-helpers.js';
import { setupTestApp } from '../../test/helper.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
const ctx = setupTestApp(() => ({
  mail: { smtpUrl: smtp.url, from: 'Ardoise <ne-pas-repondre@ardoise.test>' },
}));
afterAll(() => smtp?.close());

const outbox = () => ctx.db.selectFrom('mail_outbox').selectAll().execute();

describe('sign-in links by email', () => {
  it('sends the link of a new teacher, and says so to the admin', async () => {
    const admin = await signInNewAdmin(ctx);
    const school = await createSchool(ctx.db);
    const response = await admin.post('/api/admin/teachers/invite', {
      name: 'Morel',
      firstname: 'Inès',
      school: school.id,
      Email: 'ines.morel@example.test',
      telephone: '0600000000',
    });
    expect(response.statusCode).toBe(201);
    const { link } = response.json();
    expect(link.email).toEqual({ to: 'ines.morel@example.test', sent: true });
    const mail = await smtp.waitFor((m) => m.to.includes('ines.morel@example.test'));
    expect(mail.subject).toBe(signInLinkMessages.inviteSubject);
    expect(mail.from).toBe('"Ardoise" <ne-pas-repondre@ardoise.test>');
    expect(mail.text).toContain('Bonjour Inès Morel,');
    expect(mail.text).toContain(link.url);
    expect(await outbox()).toEqual([]);
  });

  it('keeps a refused message for the background sender, which sends it once the server takes it', async () => {
    const admin = await signInNewAdmin(ctx);
    const teacher = await createTeacher(ctx.db, { email: 'refuse.pour.l.instant@example.test' });
    smtp.refused.add(teacher.email);
    const response = await admin.post(`/api/admin/teachers/${teacher.id}/sign-in-link`);
    expect(response.statusCode).toBe(200);
    const { link } = response.json();
    // The admin still gets the link, and is told the email did not leave.
    expect(link.email).toEqual({ to: teacher.email, sent: false });
    const [waiting] = await outbox();
    expect(waiting).toMatchObject({ recipient: teacher.email, attempts: 1 });
    expect(waiting?.last_error).toContain('550');
    expect(Date.parse(waiting!.next_attempt_at)).toBeGreaterThan(Date.now() + 50_000);

    smtp.refused.delete(teacher.email);
    await ctx.db.updateTable('mail_outbox').set({ next_attempt_at: new Date().toISOString() }).execute();
    ctx.app.mailer?.wake();
    const mail = await smtp.waitFor((m) => m.to.includes(teacher.email));
    expect(mail.subject).toBe(signInLinkMessages.resetSubject);
    expect(mail.text).toContain(link.url);
    await expect.poll(outbox).toEqual([]);
  });
});
