import { describe, expect, it } from 'vitest';
import { httpMessages } from '../../../common/messages/http.js';
import { buildLevel, storePackage, storePdf } from '../../fixtures/curriculum.js';
import { createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { buildActivityZip, buildPdf } from '../../fixtures/files.js';
import { apiClient, setupTestApp, signIn } from '../../test/helper.js';

const ctx = setupTestApp();

const pdfBytes = buildPdf('Document du lecteur', 3);
const zipBytes = buildActivityZip('Activité du lecteur');

async function teacherWithContent() {
  const packageHash = await storePackage(ctx.files, zipBytes);
  const pdfKey = await storePdf(ctx.files, pdfBytes);
  const level = await buildLevel(ctx.db, [[{ sessions: [1], pdfs: 1 }]], { packageHash, pdfKey });
  const teacher = await createTeacher(ctx.db, { levelIds: [level.levelId] });
  const client = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
  const { group } = (
    await client.post(`/api/user/creategroups/${level.levelId}`, { title: 'Groupe' })
  ).json();
  const table = (await client.get(`/api/user/usertable/${group.id}`)).json().res;
  const lesson = table.period[0].groupslesson[0];
  return {
    level,
    packageHash,
    client,
    groupId: group.id as number,
    activityId: lesson.sessions[0].activities[0].id as number,
    pdfId: lesson.pdfgroups[0].id as number,
  };
}

const anonymous = () => apiClient(ctx.app);

describe('GET /api/user/pdf/content/:id/?token=', () => {
  it('streams the group’s PDF inline with the query token, with or without the trailing slash', async () => {
    const { client, pdfId } = await teacherWithContent();
    for (const url of [
      `/api/user/pdf/content/${pdfId}/?token=${client.token}`,
      `/api/user/pdf/content/${pdfId}?token=${client.token}`,
    ]) {
      const response = await anonymous().get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^inline; filename="Document 1\.1\.pdf"/);
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(Number(response.headers['content-length'])).toBe(pdfBytes.length);
      expect(response.rawPayload.equals(pdfBytes)).toBe(true);
    }
  });

  it('serves byte ranges for PDF.js and refuses ranges outside the file', async () => {
    const { client, pdfId } = await teacherWithContent();
    const url = `/api/user/pdf/content/${pdfId}/?token=${client.token}`;
    const partial = await anonymous().request({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 10-19/${pdfBytes.length}`);
    expect(partial.rawPayload.equals(pdfBytes.subarray(10, 20))).toBe(true);
    const suffix = await anonymous().request({ method: 'GET', url, headers: { range: 'bytes=-5' } });
    expect(suffix.rawPayload.equals(pdfBytes.subarray(pdfBytes.length - 5))).toBe(true);
    const outside = await anonymous().request({ method: 'GET', url, headers: { range: 'bytes=999999-' } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${pdfBytes.length}`);
  });

  it('needs a token: none, a wrong one or the session cookie alone get 401', async () => {
    const { client, pdfId } = await teacherWithContent();
    expect((await anonymous().get(`/api/user/pdf/content/${pdfId}/`)).statusCode).toBe(401);
    expect((await anonymous().get(`/api/user/pdf/content/${pdfId}/?token=nope`)).statusCode).toBe(401);
    const cookieOnly = await anonymous().request({
      method: 'GET',
      url: `/api/user/pdf/content/${pdfId}/`,
      cookies: { '__Host-ardoise_session': client.token },
    });
    expect(cookieOnly.statusCode).toBe(401);
  });

  it('answers 404 when the file is missing from the store', async () => {
    const { client, pdfId } = await teacherWithContent();
    const row = await ctx.db
      .selectFrom('group_pdfs as gp')
      .innerJoin('pdfs as d', 'd.id', 'gp.pdf_id')
      .select('d.id')
      .where('gp.id', '=', pdfId)
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('pdfs').set({ file_key: 'pdfs/missing.pdf' }).where('id', '=', row.id).execute();
    expect((await anonymous().get(`/api/user/pdf/content/${pdfId}/?token=${client.token}`)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/user/activity/download/:id?token=', () => {
  it('sends the package zip with its hash as ETag, and 304 when the player already holds it', async () => {
    const { client, activityId, packageHash } = await teacherWithContent();
    const url = `/api/user/activity/download/${activityId}?token=${client.token}`;
    const response = await anonymous().request({
      method: 'GET',
      url,
      headers: { accept: 'application/zip, application/octet-stream' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(Number(response.headers['content-length'])).toBe(zipBytes.length);
    expect(response.headers.etag).toBe(`"${packageHash}"`);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.rawPayload.equals(zipBytes)).toBe(true);

    const cached = await anonymous().request({
      method: 'GET',
      url,
      headers: { 'if-none-match': `"${packageHash}"` },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    const stale = await anonymous().request({ method: 'GET', url, headers: { 'if-none-match': '"0000"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('refuses the session cookie alone (a page on the content origin cannot download as the user)', async () => {
    const { client, activityId } = await teacherWithContent();
    const response = await anonymous().request({
      method: 'GET',
      url: `/api/user/activity/download/${activityId}`,
      cookies: { '__Host-ardoise_session': client.token },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('a second teacher tries every route with the first teacher’s ids', () => {
  it('gets 404 everywhere and changes nothing', async () => {
    const first = await teacherWithContent();
    const colleague = await createTeacher(ctx.db, { levelIds: [first.level.levelId] });
    const other = await signIn(ctx.app, { email: colleague.email, password: DEFAULT_PASSWORD });
    const attempts = [
      other.get(`/api/user/usertable/${first.groupId}`),
      other.patch(`/api/user/updatePending/${first.activityId}`),
      other.delete(`/api/user/deletegroup/${first.groupId}`),
      anonymous().get(`/api/user/pdf/content/${first.pdfId}/?token=${other.token}`),
      anonymous().get(`/api/user/activity/download/${first.activityId}?token=${other.token}`),
      // ids of the first teacher used where another kind of id is expected
      other.get(`/api/user/usertable/${first.activityId}`),
      other.patch(`/api/user/updatePending/${first.pdfId}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ success: false, message: httpMessages.notFound });
    }
    // A level not assigned to the colleague is not found either.
    const otherLevel = await buildLevel(ctx.db, [[{ sessions: [1] }]]);
    expect((await other.get(`/api/user/getgroups/${otherLevel.levelId}`)).statusCode).toBe(404);
    expect(
      (await other.post(`/api/user/creategroups/${otherLevel.levelId}`, { title: 'x' })).statusCode,
    ).toBe(404);

    const table = (await first.client.get(`/api/user/usertable/${first.groupId}`)).json().res;
    expect(table.period[0].groupslesson[0].sessions[0].activities[0].status).toBe('pending');
  });
});

describe('content origin', () => {
  it('answers no service-worker script request except the player’s own worker', async () => {
    for (const url of [
      '/content/1/sw.js',
      '/local-activity/abc/sw.js',
      '/player/assets/x.js',
      '/anything.js',
    ]) {
      const response = await ctx.content.inject({
        method: 'GET',
        url,
        headers: { 'service-worker': 'script' },
      });
      expect([401, 403], url).toContain(response.statusCode);
      expect(response.headers['content-type'] ?? '', url).not.toMatch(/javascript/);
    }
  });
});
