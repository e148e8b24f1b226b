// Multipart bodies for the admin/upload tests, written by hand so that each test chooses the part
// order, names and declared types exactly; and the setup the package recognition tests share.
import crypto from 'node:crypto';
import { beforeAll, expect } from 'vitest';
import { createSessionPath } from '../fixtures/factories.js';
import { packageZipKey } from '../storage/keys.js';
import { signInNewAdmin } from './admin-helpers.js';
import type { ApiClient, TestContext } from './helper.js';

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

export const UPLOAD_BOUNDARY = '----ardoise-test-boundary';

export function multipart(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${UPLOAD_BOUNDARY}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${UPLOAD_BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** Uploads a file as the admin screens do (title and id first): a package to a session by default,
 * or a PDF to a lesson with its file name and type. */
export function uploadPackage(
  client: ApiClient,
  sessionId: number,
  data: Buffer,
  file: { title?: string; filename?: string; contentType?: string } = {},
) {
  return client.request({
    method: 'POST',
    url: '/api/admin/upload',
    payload: multipart([
      { name: 'title', value: file.title ?? 'Activité' },
      { name: 'id', value: String(sessionId) },
      {
        name: 'file',
        filename: file.filename ?? 'paquet.zip',
        contentType: file.contentType ?? 'application/zip',
        data,
      },
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}` },
  });
}

export const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

type UploadedFile = Parameters<typeof uploadPackage>[3];

/** For the package recognition tests: an admin signed in and a session of a fresh path (both set
 * before the file's tests), and the two outcomes of uploading a package to that session. */
export function setupPackageUploads(ctx: TestContext) {
  const uploads = {
    admin: undefined as unknown as ApiClient,
    sessionId: 0,
    /** An accepted upload: the answer's body, its package summary and the stored activity row. */
    async accepted(data: Buffer, file: UploadedFile = {}) {
      const response = await uploadPackage(uploads.admin, uploads.sessionId, data, file);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      const row = await ctx.db
        .selectFrom('activities')
        .select(['package_kind', 'package_root', 'launch_path', 'package_summary'])
        .where('id', '=', body.newfile.id)
        .executeTakeFirstOrThrow();
      return { body, row, summary: body.package };
    },
    /** A refused upload (400 with `message`): no activity added, the package's zip not stored. */
    async refused(data: Buffer, message: string, file: UploadedFile = {}) {
      const countActivities = async () =>
        Number(
          (
            await ctx.db
              .selectFrom('activities')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await countActivities();
      const response = await uploadPackage(uploads.admin, uploads.sessionId, data, file);
      expect(response.json()).toEqual({ success: false, message });
      expect(response.statusCode).toBe(400);
      expect(await ctx.files.exists(packageZipKey(sha256(data)))).toBe(false);
      expect(await countActivities()).toBe(before);
    },
  };
  beforeAll(async () => {
    uploads.admin = await signInNewAdmin(ctx);
    uploads.sessionId = (await createSessionPath(ctx.db)).sessionId;
  });
  return uploads;
}
