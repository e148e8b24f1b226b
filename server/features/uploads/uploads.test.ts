import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, XML_MAX_DEPTH } from '../../../common/constants.js';
import { curriculumMessages as m, uploadMessages as u } from '../../../common/messages/curriculum.js';
import { httpMessages } from '../../../common/messages/http.js';
import { createSessionPath, createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { buildActivityZip, buildPdf, buildZip } from '../../fixtures/files.js';
import { packageDirKey, packageZipKey, pdfKey } from '../../storage/keys.js';
import { signInNewAdmin } from '../../test/admin-helpers.js';
import { type ApiClient, apiClient, setupTestApp, signIn, XSRF_VALUE } from '../../test/helper.js';
import { storeListing as listStore, readStored } from '../../test/stored-files.js';
import { multipart, type Part, sha256, UPLOAD_BOUNDARY } from '../../test/upload-helpers.js';
import { buildRawZip, zipAttacks } from '../../test/zip-attacks.js';

const PDF_CAP = 64 * 1024;
const ctx = setupTestApp({ pdfMaxBytes: PDF_CAP });
let admin: ApiClient & { token: string };
let lessonId: number;
let sessionId: number;

beforeAll(async () => {
  admin = await signInNewAdmin(ctx);
  ({ lessonId, sessionId } = await createSessionPath(ctx.db));
});

function upload(parts: Part[], client: ApiClient = admin) {
  return client.request({
    method: 'POST',
    url: '/api/admin/upload',
    payload: multipart(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}` },
  });
}

/** The file part of an upload, named and typed as given or as the browser would send such a file. */
const filePart =
  (defaultName: string, defaultType: string) =>
  (data: Buffer, filename = defaultName, contentType = defaultType): Part => ({
    name: 'file',
    filename,
    contentType,
    data,
  });
const pdfFile = filePart('fiche.pdf', 'application/pdf');
const zipFile = filePart('activite.zip', 'application/zip');
const fields = (title: string, id: number | string): Part[] => [
  { name: 'title', value: title },
  { name: 'id', value: String(id) },
];

/** Every file under the store (temp folder included), to prove a refused upload changed nothing. */
function storeListing(): Promise<string[]> {
  return listStore(ctx.files);
}

/** Sends each upload, expects its status and message, and then the store unchanged. */
async function expectRefused(cases: Array<[parts: Part[], status: number, message: string]>): Promise<void> {
  const before = await storeListing();
  for (const [parts, status, message] of cases) {
    const response = await upload(parts);
    expect(response.statusCode, message).toBe(status);
    expect(response.json().message).toBe(message);
  }
  expect(await storeListing()).toEqual(before);
}

async function rowCounts() {
  const count = async (table: 'pdfs' | 'activities') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { pdfs: await count('pdfs'), activities: await count('activities') };
}

describe('POST /api/admin/upload: access', () => {
  it('answers 401 without a session and 403 to a teacher', async () => {
    const parts = [...fields('Fiche', lessonId), pdfFile(buildPdf())];
    expect((await upload(parts, apiClient(ctx.app))).statusCode).toBe(401);
    const teacherUser = await createTeacher(ctx.db);
    const teacher = await signIn(ctx.app, { email: teacherUser.email, password: DEFAULT_PASSWORD });
    expect((await upload(parts, teacher)).statusCode).toBe(403);
  });

  it('needs the XSRF header like every write', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/upload',
      payload: multipart([...fields('Fiche', lessonId), pdfFile(buildPdf())]),
      headers: {
        'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
        authorization: `Bearer ${admin.token}`,
      },
      cookies: { '__Host-XSRF-TOKEN': XSRF_VALUE },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PDF uploads', () => {
  it('stores the PDF by content hash, inserts its row and answers newPdf', async () => {
    const bytes = buildPdf('Fiche élève');
    const response = await upload([...fields('  Fiche élève ', lessonId), pdfFile(bytes)]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ success: true, newPdf: { id: expect.any(Number), title: 'Fiche élève' } });
    const key = pdfKey(sha256(bytes));
    expect(await readStored(ctx.files, key)).toEqual(bytes);
    const row = await ctx.db
      .selectFrom('pdfs')
      .selectAll()
      .where('id', '=', body.newPdf.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ lesson_id: lessonId, file_key: key, size_bytes: bytes.length });
    expect((await admin.get(`/api/admin/getsession/${lessonId}`)).json().pdf).toContainEqual(body.newPdf);
  });

  it('accepts the fields after the file too', async () => {
    const response = await upload([pdfFile(buildPdf('after')), ...fields('Après', lessonId)]);
    expect(response.json().newPdf.title).toBe('Après');
  });

  it('refuses spoofed and wrong files with 415 and leaves the store unchanged', async () => {
    const before = await storeListing();
    const counts = await rowCounts();
    const cases: Array<[Part, string]> = [
      [pdfFile(Buffer.from('<html>not a pdf</html>')), u.pdfNotPdf],
      [pdfFile(buildActivityZip()), u.pdfNotPdf],
      [pdfFile(Buffer.from('%PD')), u.pdfNotPdf],
      [pdfFile(buildPdf(), 'fiche.pdf', 'application/octet-stream'), u.pdfWrongType],
      [pdfFile(buildPdf(), 'notes.txt', 'text/plain'), u.unknownFileType],
    ];
    for (const [file, message] of cases) {
      const response = await upload([...fields('Fiche', lessonId), file]);
      expect(response.statusCode, message).toBe(415);
      expect(response.json()).toEqual({ success: false, message });
    }
    expect(await storeListing()).toEqual(before);
    expect(await rowCounts()).toEqual(counts);
  });

  it('refuses a PDF above the configured cap with 413', async () => {
    const before = await storeListing();
    const big = Buffer.concat([buildPdf(), Buffer.alloc(PDF_CAP)]);
    const response = await upload([...fields('Gros', lessonId), pdfFile(big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(u.pdfTooLarge(0));
    expect(await storeListing()).toEqual(before);
  });

  it('checks the title, the lesson id and the lesson', async () => {
    await expectRefused([
      [[...fields('  ', lessonId), pdfFile(buildPdf())], 400, m.pdfNameEmpty],
      [[{ name: 'id', value: String(lessonId) }, pdfFile(buildPdf())], 400, m.pdfNameEmpty],
      [[{ name: 'title', value: 'Fiche' }, pdfFile(buildPdf())], 400, m.lessonIdMissing],
      [[...fields('Fiche', 'abc'), pdfFile(buildPdf())], 400, httpMessages.invalidId],
      [[...fields('Fiche', 999999), pdfFile(buildPdf())], 404, m.lessonNotFound],
      [[pdfFile(buildPdf()), ...fields('Fiche', 999999)], 404, m.lessonNotFound],
      [fields('Fiche', lessonId), 400, u.noFile],
    ]);
  });

  it('refuses two files in one upload and a body that is not multipart', async () => {
    const two = await upload([...fields('Fiche', lessonId), pdfFile(buildPdf()), pdfFile(buildPdf('b'))]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(u.tooManyFiles);
    const json = await admin.post('/api/admin/upload', { title: 'x', id: lessonId });
    expect(json.statusCode).toBe(415);
  });
});

describe('activity uploads', () => {
  it('stores the zip as uploaded and its unpacked copy by content hash, and answers newfile', async () => {
    const zip = buildActivityZip('Les couleurs');
    const response = await upload([...fields('Les couleurs', sessionId), zipFile(zip)]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, newfile: { id: expect.any(Number), title: 'Les couleurs' } });
    expect(body.package).toMatchObject({ kind: 'html5', launch: 'index.html', files: 4, warnings: [] });
    const hash = sha256(zip);
    expect(await readStored(ctx.files, packageZipKey(hash))).toEqual(zip);
    const index = (await readStored(ctx.files, `${packageDirKey(hash)}/index.html`)).toString('utf8');
    expect(index).toContain('Les couleurs');
    const row = await ctx.db
      .selectFrom('activities')
      .selectAll()
      .where('id', '=', body.newfile.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ session_id: sessionId, package_hash: hash, size_bytes: zip.length });
    expect((await admin.get(`/api/admin/getactivites/${sessionId}`)).json().activities).toContainEqual({
      ...body.newfile,
      package: body.package,
    });
  });

  it('strips a single top folder so that index.html is at the root of the preview', async () => {
    const zip = buildZip({
      'mon-activite/index.html': '<p>top folder</p>',
      'mon-activite/js/app.js': 'console.log(1)',
      '__MACOSX/mon-activite/._index.html': 'junk',
    });
    const response = await upload([
      ...fields('Dossier', sessionId),
      zipFile(zip, 'mon-activite.zip', 'application/x-zip-compressed'),
    ]);
    expect(response.statusCode).toBe(200);
    const dir = packageDirKey(sha256(zip));
    expect(await ctx.files.exists(`${dir}/index.html`)).toBe(true);
    expect(await ctx.files.exists(`${dir}/js/app.js`)).toBe(true);
    expect(await ctx.files.exists(`${dir}/__MACOSX`)).toBe(false);
  });

  it('keeps one copy of a package uploaded twice', async () => {
    const zip = buildActivityZip('Doublon');
    const first = (await upload([...fields('Un', sessionId), zipFile(zip)])).json().newfile;
    const second = (await upload([...fields('Deux', sessionId), zipFile(zip)])).json().newfile;
    expect(first.id).not.toBe(second.id);
    await admin.delete(`/api/admin/deletefile/${first.id}`);
    expect(await ctx.files.exists(packageZipKey(sha256(zip)))).toBe(true);
    await admin.delete(`/api/admin/deletefile/${second.id}`);
    expect(await ctx.files.exists(packageZipKey(sha256(zip)))).toBe(false);
    expect(await ctx.files.exists(packageDirKey(sha256(zip)))).toBe(false);
  });

  it('checks the name, the session id and the session', async () => {
    const zip = buildActivityZip();
    await expectRefused([
      [[...fields(' ', sessionId), zipFile(zip)], 400, m.activityNameRequired],
      [[{ name: 'title', value: 'Jeu' }, zipFile(zip)], 400, m.sessionIdMissing],
      [[...fields('Jeu', ''), zipFile(zip)], 400, m.sessionIdMissing],
      [[...fields('Jeu', 999999), zipFile(zip)], 404, m.sessionNotFound],
    ]);
  });

  it('accepts entries followed by data descriptors, as streaming archivers write them', async () => {
    const page = '<!doctype html><title>ok</title><p>ok</p>';
    const data = buildRawZip([
      { name: 'index.html', data: Buffer.from(page), method: 8, descriptor: true },
      { name: 'app.js', data: Buffer.from('1'), descriptor: true },
    ]);
    const response = await upload([...fields('Flux', sessionId), zipFile(data)]);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses every hostile archive with its own message and writes nothing', async () => {
    const cases: Array<[Buffer, number, string, string?]> = [
      [zipAttacks.traversal(), 400, u.zipTraversal],
      [zipAttacks.nestedTraversal(), 400, u.zipTraversal],
      [zipAttacks.backslashTraversal(), 400, u.zipTraversal],
      [zipAttacks.absolutePath(), 400, u.zipAbsolutePath],
      [zipAttacks.windowsAbsolutePath(), 400, u.zipAbsolutePath],
      [zipAttacks.symlink(), 400, u.zipSymlink],
      [zipAttacks.encrypted(), 400, u.zipEncrypted],
      [zipAttacks.bomb(), 413, u.zipRatioTooHigh],
      [zipAttacks.hugeDeclared(), 413, u.zipTooBigUncompressed],
      [zipAttacks.lyingSize(), 400, u.zipCorrupt],
      [zipAttacks.tooManyEntries(), 413, u.zipTooManyEntries],
      [zipAttacks.noIndex(), 400, u.zipNoIndex],
      [zipAttacks.twoTopFolders(), 400, u.zipNoIndex],
      [zipAttacks.twoPages(), 400, u.entryPageAmbiguous(['a.html', 'b.html'])],
      [zipAttacks.duplicate(), 400, u.zipDuplicate],
      [zipAttacks.caseDuplicate(), 400, u.zipCaseDuplicate('A.js', 'a.js')],
      [zipAttacks.endRecordSaysOne(), 400, u.zipInconsistent],
      [zipAttacks.hiddenLocalEntries(), 400, u.zipInconsistent],
      [zipAttacks.localNameDiffers(), 400, u.zipInconsistent],
      [zipAttacks.deepH5pJson(), 400, u.descriptionTooDeep('h5p.json', JSON_MAX_DEPTH)],
      [zipAttacks.deepManifest(), 400, u.descriptionTooDeep('imsmanifest.xml', XML_MAX_DEPTH)],
      [zipAttacks.notAZip(), 415, u.zipInvalid],
      [buildPdf(), 415, u.zipInvalid, 'renamed.zip'],
      [Buffer.concat([Buffer.from('PK\x03\x04'), crypto.randomBytes(2000)]), 415, u.zipInvalid],
    ];
    const before = await storeListing();
    const counts = await rowCounts();
    for (const [data, status, message, filename] of cases) {
      const response = await upload([...fields('Attaque', sessionId), zipFile(data, filename)]);
      expect(response.json(), message).toEqual({ success: false, message });
      expect(response.statusCode, message).toBe(status);
      expect(await storeListing(), message).toEqual(before);
    }
    expect(await rowCounts()).toEqual(counts);
    // Nothing escaped next to the store either.
    await expect(fs.access(path.join(ctx.config.filesDir, '..', 'evil.txt'))).rejects.toThrow();
    await expect(fs.access(path.join(ctx.config.filesDir, 'packages', 'evil.txt'))).rejects.toThrow();
    expect(await ctx.files.exists('packages/evil.txt')).toBe(false);
  });
});

describe('uploads over a real connection', () => {
  let base: string;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  /** Sends a multipart upload whose file is `size` generated bytes, without holding it in memory. */
  function streamUpload(
    size: number,
    options: {
      chunked?: boolean;
      /** Stop sending after this many bytes, wait for `abortWhen`, then drop the connection. */
      abortAfter?: number;
      abortWhen?: () => Promise<unknown>;
      token?: string;
    } = {},
  ): Promise<{ status: number; body: { message?: string } } | 'aborted'> {
    const head = Buffer.concat([
      ...fields('Gros', sessionId).map((part) =>
        Buffer.from(
          `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${(part as { value: string }).value}\r\n`,
        ),
      ),
      Buffer.from(
        `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\nPK\x03\x04`,
      ),
    ]);
    const tail = Buffer.from(`\r\n--${UPLOAD_BOUNDARY}--\r\n`);
    const fileRest = size - 4;
    return new Promise((resolve, reject) => {
      const request = http.request(`${base}/api/admin/upload`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
          authorization: `Bearer ${options.token ?? admin.token}`,
          'x-xsrf-token': XSRF_VALUE,
          cookie: `__Host-XSRF-TOKEN=${XSRF_VALUE}`,
          ...(options.chunked ? {} : { 'content-length': String(head.length + fileRest + tail.length) }),
        },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      });
      let answered = false;
      request.on('error', (error) => {
        if (!options.abortAfter && !answered) reject(error);
      });
      // The server may answer and close before the whole body is sent: stop sending then.
      request.on('response', () => {
        answered = true;
        sent = fileRest;
      });
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      let sent = 0;
      const pump = () => {
        while (sent < fileRest) {
          if (options.abortAfter && sent >= options.abortAfter) {
            void (options.abortWhen?.() ?? Promise.resolve()).then(() => {
              request.destroy();
              resolve('aborted');
            }, reject);
            return;
          }
          const piece = chunk.subarray(0, Math.min(chunk.length, fileRest - sent));
          sent += piece.length;
          if (!request.write(piece)) {
            request.once('drain', pump);
            return;
          }
        }
        request.end(tail);
      };
      request.write(head);
      pump();
    });
  }

  it('refuses a zip above 100 MB with 413, from its declared length or while streaming', async () => {
    const before = await storeListing();
    const declared = await streamUpload(101 * 1024 * 1024);
    expect(declared).toEqual({ status: 413, body: { success: false, message: u.fileTooLarge(100) } });
    const streamed = await streamUpload(101 * 1024 * 1024, { chunked: true });
    expect(streamed).toEqual({ status: 413, body: { success: false, message: u.zipTooLarge } });
    expect(await storeListing()).toEqual(before);
  });

  it('answers 401 to a big anonymous upload without reading it', async () => {
    const response = await streamUpload(50 * 1024 * 1024, { token: 'not-a-token' });
    expect(response).toMatchObject({ status: 401 });
  });

  it('leaves no row and no file when the client goes away mid-upload', async () => {
    const before = await storeListing();
    const counts = await rowCounts();
    // Dropped once the server is writing the file into its temp folder; then that file goes.
    const receiving = () =>
      expect.poll(async () => (await storeListing()).some((key) => key.startsWith('(temp)'))).toBe(true);
    expect(await streamUpload(20 * 1024 * 1024, { abortAfter: 5 * 1024 * 1024, abortWhen: receiving })).toBe(
      'aborted',
    );
    await expect.poll(storeListing).toEqual(before);
    expect(await rowCounts()).toEqual(counts);
  });
});
