// What happens to a received upload: the id it names is checked, a zip is validated and unpacked,
// then the files are moved to their content-addressed keys and the row is inserted, under the
// key's lock, so that a failure leaves neither a row nor a file behind.
import fs from 'node:fs/promises';
import { curriculumMessages as m, uploadMessages as u } from '../../../common/messages/curriculum.js';
import { activityTitleSchema, pdfTitleSchema } from '../../../common/schemas/curriculum.js';
import { idSchema } from '../../../common/schemas/ids.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../http-error.js';
import type { FileStore } from '../../storage/file-store.js';
import {
  findLesson,
  findSession,
  type ItemRow,
  insertActivity,
  insertPdf,
} from '../curriculum/curriculum.repository.js';
import { createNode } from '../curriculum/curriculum.service.js';
import {
  packageDirKey,
  packageZipKey,
  pdfKey,
  removeUnreferencedFiles,
  withFileLock,
} from '../curriculum/stored-files.js';
import type { ReceivedUpload, UploadKind } from './receive-upload.js';
import { extractPackage } from './zip-package.js';

type Deps = { db: Db; files: FileStore };
export type UploadTarget = { title: string; parentId: number; actorId: number };

/** The title and parent id of an upload, checked against the spec's rules, and the parent's existence. */
export async function checkUploadTarget(
  db: Db,
  kind: UploadKind,
  fields: Record<string, string>,
): Promise<Omit<UploadTarget, 'actorId'>> {
  const titleResult = (kind === 'pdf' ? pdfTitleSchema : activityTitleSchema).safeParse({
    title: fields.title ?? '',
  });
  if (!titleResult.success) throw badRequest(titleResult.error.issues[0]?.message ?? u.noFile);
  const rawId = fields.id?.trim();
  if (!rawId) throw badRequest(kind === 'pdf' ? m.lessonIdMissing : m.sessionIdMissing);
  const idResult = idSchema.safeParse(rawId);
  if (!idResult.success) throw badRequest(idResult.error.issues[0]?.message ?? m.sessionIdMissing);
  const parentId = idResult.data;
  if (kind === 'pdf' && !(await findLesson(db, parentId))) throw notFound(m.lessonNotFound);
  if (kind === 'zip' && !(await findSession(db, parentId))) throw notFound(m.sessionNotFound);
  return { title: titleResult.data.title, parentId };
}

export async function storePdf(deps: Deps, upload: ReceivedUpload, target: UploadTarget): Promise<ItemRow> {
  const key = pdfKey(upload.sha256);
  return withFileLock(key, async () => {
    await deps.files.moveIntoPlace(upload.tempPath, key);
    try {
      return await createNode(
        deps.db,
        'pdfs',
        target.actorId,
        (trx) =>
          insertPdf(trx, {
            lessonId: target.parentId,
            title: target.title,
            fileKey: key,
            sizeBytes: upload.size,
          }),
        { lessonId: target.parentId, sizeBytes: upload.size },
      );
    } catch (error) {
      await dropIfUnused(deps, { pdfKeys: [key], packageHashes: [] });
      throw error;
    }
  });
}

export async function storeActivity(
  deps: Deps,
  upload: ReceivedUpload,
  target: UploadTarget,
): Promise<ItemRow> {
  const extracted = deps.files.tempPath('-package');
  try {
    await extractPackage(upload.tempPath, extracted);
    const hash = upload.sha256;
    return await withFileLock(packageZipKey(hash), async () => {
      await deps.files.moveIntoPlace(extracted, packageDirKey(hash));
      await deps.files.moveIntoPlace(upload.tempPath, packageZipKey(hash));
      try {
        return await createNode(
          deps.db,
          'activities',
          target.actorId,
          (trx) =>
            insertActivity(trx, {
              sessionId: target.parentId,
              title: target.title,
              packageHash: hash,
              sizeBytes: upload.size,
            }),
          { sessionId: target.parentId, packageHash: hash, sizeBytes: upload.size },
        );
      } catch (error) {
        await dropIfUnused(deps, { pdfKeys: [], packageHashes: [hash] });
        throw error;
      }
    });
  } finally {
    await fs.rm(extracted, { recursive: true, force: true });
    await fs.rm(upload.tempPath, { force: true });
  }
}

/** Already under the key's lock: checks references and removes directly. */
async function dropIfUnused(deps: Deps, refs: { pdfKeys: string[]; packageHashes: string[] }) {
  await removeUnreferencedFiles(deps.db, deps.files, refs, { locked: true });
}
