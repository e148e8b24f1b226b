// Licences as GAR subscriptions, sent to a local HTTPS stand-in of the GAR's web service that
// requires the publisher's client certificate and checks each XML field: created with PUT, updated
// with POST without uaiEtab, deleted; a refusal and a timeout shown on the school, retried, and
// never blocking the save.
import fs from 'node:fs';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importColumns } from '../../../common/schemas/imports.js';
import { newUai } from '../../fixtures/factories.js';
import { csvFile } from '../../fixtures/import-files.js';
import { signInNewAdmin } from '../../test/admin-helpers.js';
import {
  checkSubscriptionXml,
  type GarSubscriptionServer,
  startGarSubscriptionServer,
} from '../../test/gar-subscription-server.js';
import { setupTestApp } from '../../test/helper.js';
import { multipart, UPLOAD_BOUNDARY } from '../../test/upload-helpers.js';
import { retryDelayMs } from './subscription.service.js';
import { subscriptionIdOf, subscriptionXml, wantedSubscription } from './subscription-fields.js';

const RESOURCE_ID = 'ark:/12345/ardoise.p';

let gar: GarSubscriptionServer;
beforeAll(async () => {
  gar = await startGarSubscriptionServer(RESOURCE_ID);
});
afterAll(async () => {
  await gar?.close();
});

const ctx = setupTestApp(() => ({
  garSubscriptions: {
    url: gar.url,
    resourceId: RESOURCE_ID,
    resourceName: 'Ardoise – français',
    distributorId: '123456789_0000000000000000',
    clientCertFile: gar.files.clientCert,
    clientKeyFile: gar.files.clientKey,
    caFile: gar.files.ca,
    // Long enough for a TLS handshake on a busy machine; the test of no answer waits this long once.
    timeoutMs: 3_000,
  },
}));

const school = (overrides: Record<string, unknown> = {}) => ({
  schoolName: 'Collège Jean Moulin & fils <test>',
  city: 'Lyon',
  telephone: '0400000000',
  licensestartdate: '2026-09-01',
  licensesddate: '2027-07-14',
  activelicense: true,
  signInMethod: 'gar',
  ...overrides,
});

type Admin = Awaited<ReturnType<typeof signInNewAdmin>>;

/** The school's subscription as the list shows it, once it has left `pending` (or `status`). */
async function subscriptionOnceSettled(admin: Admin, id: number, status: string) {
  let found: unknown;
  await expect
    .poll(
      async () => {
        const schools = (await admin.get('/api/admin/getschools')).json().schools as Array<{
          id: number;
          subscription: { status: string } | null;
        }>;
        found = schools.find((s) => s.id === id)?.subscription;
        return (found as { status?: string } | null)?.status ?? null;
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(status);
  return found as { status: string; message: string; nextAttemptAt: string | null };
}

/** What the sender does happens soon after the save, in the background: wait for it (busy CI too). */
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 50 });

const callsFor = (id: string) => gar.calls.filter((call) => call.subscriptionId === id);

describe('the subscription of a school signing in through the GAR', () => {
  it('is created, updated and deleted with the licence, each body as the GAR checks it', async () => {
    const admin = await signInNewAdmin(ctx);
    const uai = newUai();
    const created = await admin.post('/api/admin/createschool', school({ uai }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json().school;
    const subscriptionId = subscriptionIdOf(id, uai);
    expect((await subscriptionOnceSettled(admin, id, 'sent')).message).toBe('');
    expect(callsFor(subscriptionId)).toEqual([
      expect.objectContaining({ method: 'PUT', client: 'editeur-ardoise', problems: [] }),
    ]);
    expect(gar.held.get(subscriptionId)).toEqual({
      idAbonnement: subscriptionId,
      commentaireAbonnement: 'Licence Ardoise : Collège Jean Moulin & fils <test>',
      idDistributeurCom: '123456789_0000000000000000',
      idRessource: RESOURCE_ID,
      typeIdRessource: 'ark',
      libelleRessource: 'Ardoise – français',
      debutValidite: '2026-09-01T00:00:00',
      finValidite: '2027-07-14T23:59:59',
      uaiEtab: uai,
      categorieAffectation: 'transferable',
      typeAffectation: 'ETABL',
      nbLicenceGlobale: 'ILLIMITE',
      publicCible: ['ENSEIGNANT', 'DOCUMENTALISTE'],
    });

    await admin.patch(`/api/admin/editschoolform/${id}`, { licensesddate: '2028-07-14' });
    await eventually(() => callsFor(subscriptionId).length).toBe(2);
    await subscriptionOnceSettled(admin, id, 'sent');
    expect(callsFor(subscriptionId)[1]).toMatchObject({ method: 'POST', problems: [] });
    expect(callsFor(subscriptionId)[1]!.fields).not.toHaveProperty('uaiEtab');
    expect(gar.held.get(subscriptionId)).toMatchObject({ finValidite: '2028-07-14T23:59:59', uaiEtab: uai });

    // A change the GAR does not hear of (the remark) sends nothing.
    await admin.patch(`/api/admin/editschoolform/${id}`, { remarque: 'Appeler le matin' });
    // Switching the licence off ends the subscription; on again, it is created anew.
    await admin.patch(`/api/admin/schooltoggle/${id}`);
    await eventually(() => gar.held.has(subscriptionId)).toBe(false);
    expect(callsFor(subscriptionId).map((call) => call.method)).toEqual(['PUT', 'POST', 'DELETE']);
    await admin.patch(`/api/admin/schooltoggle/${id}`);
    await eventually(() => gar.held.has(subscriptionId)).toBe(true);

    // Deleting the school deletes its subscription, and leaves nothing behind.
    await admin.delete(`/api/admin/school/${id}`);
    await eventually(() => gar.held.has(subscriptionId)).toBe(false);
    const rowsLeft = async () =>
      (
        await ctx.db
          .selectFrom('gar_subscriptions')
          .select('id')
          .where('subscription_id', '=', subscriptionId)
          .execute()
      ).length;
    await eventually(rowsLeft).toBe(0);
  });

  it('moves to a new subscription when the UAI changes', async () => {
    const admin = await signInNewAdmin(ctx);
    const [first, second] = [newUai(), newUai()];
    const { id } = (await admin.post('/api/admin/createschool', school({ uai: first }))).json().school;
    await subscriptionOnceSettled(admin, id, 'sent');
    await admin.patch(`/api/admin/editschoolform/${id}`, { uai: second });
    await eventually(
      () => gar.held.has(subscriptionIdOf(id, second)) && !gar.held.has(subscriptionIdOf(id, first)),
    ).toBe(true);
    await subscriptionOnceSettled(admin, id, 'sent');
  });

  it('is created again when the licence is switched back on while its deletion is on its way', async () => {
    const admin = await signInNewAdmin(ctx);
    const uai = newUai();
    const { id } = (await admin.post('/api/admin/createschool', school({ uai }))).json().school;
    const subscriptionId = subscriptionIdOf(id, uai);
    await subscriptionOnceSettled(admin, id, 'sent');
    // The GAR deletes the subscription, but its answer is still on the way when the licence is on again.
    const release = gar.holdAnswers();
    try {
      await admin.patch(`/api/admin/schooltoggle/${id}`);
      await eventually(() => gar.held.has(subscriptionId)).toBe(false);
      await admin.patch(`/api/admin/schooltoggle/${id}`);
    } finally {
      release();
    }
    await eventually(() => gar.held.has(subscriptionId)).toBe(true);
    expect(callsFor(subscriptionId).map((call) => call.method)).toEqual(['PUT', 'DELETE', 'PUT']);
    await subscriptionOnceSettled(admin, id, 'sent');
  });

  it('is none for a school without a UAI, or whose teachers do not sign in through the GAR', async () => {
    const admin = await signInNewAdmin(ctx);
    const calls = gar.calls.length;
    for (const body of [school(), school({ uai: newUai(), signInMethod: 'password' })]) {
      const created = (await admin.post('/api/admin/createschool', body)).json().school;
      expect(created.subscription).toBeNull();
    }
    expect(gar.calls.length).toBe(calls);
  });
});

describe('when the GAR says no, or does not answer', () => {
  it('shows the refusal with the GAR’s message, and the licence is saved all the same', async () => {
    const admin = await signInNewAdmin(ctx);
    gar.answer({ refuse: 'La date de fin de validité est incorrecte' });
    try {
      const created = await admin.post('/api/admin/createschool', school({ uai: newUai() }));
      expect(created.statusCode).toBe(201);
      const state = await subscriptionOnceSettled(admin, created.json().school.id, 'refused');
      expect(state.message).toBe('La date de fin de validité est incorrecte');
      expect(state.nextAttemptAt).toBeNull();
    } finally {
      gar.answer('accept');
    }
  });

  it('keeps a send without an answer pending, retries it later, and then it is sent', async () => {
    const admin = await signInNewAdmin(ctx);
    gar.answer('hang');
    const uai = newUai();
    const created = await admin.post('/api/admin/createschool', school({ uai }));
    // The save does not wait for the GAR: it answers with the subscription still to send.
    expect(created.statusCode).toBe(201);
    expect(created.json().school.subscription).toMatchObject({ status: 'pending', message: '' });
    const { id } = created.json().school;
    await eventually(() => callsFor(subscriptionIdOf(id, uai)).length).toBe(1);
    const attempts = async () =>
      (
        await ctx.db
          .selectFrom('gar_subscriptions')
          .select('attempts')
          .where('school_id', '=', id)
          .executeTakeFirst()
      )?.attempts;
    await eventually(attempts).toBe(1);
    const pending = await subscriptionOnceSettled(admin, id, 'pending');
    expect(pending.message).toBe('Pas de réponse du GAR dans le délai');
    expect(Date.parse(pending.nextAttemptAt!)).toBeGreaterThan(Date.now() + 20_000);

    // The GAR is back; the retry's time comes (moved here rather than waited for).
    gar.answer('accept');
    await ctx.db
      .updateTable('gar_subscriptions')
      .set({ next_attempt_at: new Date().toISOString() })
      .where('school_id', '=', id)
      .execute();
    ctx.app.kickSubscriptions();
    await subscriptionOnceSettled(admin, id, 'sent');
    expect(gar.held.has(subscriptionIdOf(id, uai))).toBe(true);
  });

  it('waits longer after each failure, at most an hour', () => {
    expect([1, 2, 3, 8, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});

describe('the web service stand-in', () => {
  it('refuses a caller without the publisher’s certificate (so that the sends above proved it)', async () => {
    const error = await new Promise<Error>((resolve) => {
      https
        .request(`${gar.url}ARDOISE-x`, { method: 'PUT', ca: [fs.readFileSync(gar.files.ca)] }, () =>
          resolve(new Error('answered')),
        )
        .on('error', resolve)
        .end('<abonnement/>');
    });
    expect(error.message).not.toBe('answered');
  });

  it('finds what is wrong in a body the GAR would refuse', () => {
    const fields = wantedSubscription(
      {
        id: 1,
        name: 'É',
        uai: '0750654D',
        sign_in_method: 'gar',
        active_license: 1,
        license_start_date: '2027-01-01',
        license_end_date: '2026-01-01',
      },
      ctx.config.garSubscriptions!,
    )!;
    const xml = subscriptionXml(fields, 'update').replace(
      '<typeAffectation>ETABL',
      '<typeAffectation>CLASSE',
    );
    const call = { method: 'POST', subscriptionId: fields.idAbonnement, resourceId: RESOURCE_ID };
    expect(checkSubscriptionXml(xml, call).problems).toEqual([
      'finValidite before debutValidite',
      'typeAffectation',
    ]);
    expect(
      checkSubscriptionXml(subscriptionXml(fields, 'update'), { ...call, method: 'PUT' }).problems,
    ).toEqual(['finValidite before debutValidite', 'uaiEtab missing or invalid on a creation']);
  });
});

describe('a schools import', () => {
  it('changes the subscription of a school signing in through the GAR whose licence it changes', async () => {
    const admin = await signInNewAdmin(ctx);
    const uai = newUai();
    const { id } = (await admin.post('/api/admin/createschool', school({ uai }))).json().school;
    const subscriptionId = subscriptionIdOf(id, uai);
    await subscriptionOnceSettled(admin, id, 'sent');

    const file = csvFile(importColumns.schools, [
      importColumns.schools.map(
        (column) =>
          ({
            uai,
            nom: 'Collège Jean Moulin & fils <test>',
            ville: 'Lyon',
            telephone: '0400000000',
            debut_licence: '01/09/2026',
            fin_licence: '14/07/2029',
          })[column as string] ?? '',
      ),
    ]);
    const imported = await admin.request({
      method: 'POST',
      url: '/api/admin/import/schools',
      payload: multipart([{ name: 'file', filename: 'ecoles.csv', contentType: 'text/csv', data: file }]),
      headers: { 'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}` },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.body).toContain('"updated":1');
    await eventually(() => gar.held.get(subscriptionId)?.finValidite).toBe('2029-07-14T23:59:59');
    expect(callsFor(subscriptionId).map((call) => [call.method, call.problems])).toEqual([
      ['PUT', []],
      ['POST', []],
    ]);
  });
});
