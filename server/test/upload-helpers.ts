// Multipart bodies for the admin/upload tests, written by hand so that each test chooses the part
// order, names and declared types exactly.
import type { ApiClient } from './helper.js';

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
