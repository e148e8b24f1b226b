// The one way through an upload (docs/product.md#api-calls admin/upload): receive the file (streamed to a temp file),
// check its title and parent once, validate and recognise a package, then hand the file to the one
// curriculum entry point (addPdf / addActivity). Temp files are removed here, whatever happens.
import fs from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { curriculumMessages as m, uploadMessages as u } from '../../../common/messages/curriculum.js';
import type { UploadKind } from '../../../common/schemas/curriculum.js';
import { activityTitleSchema, pdfTitleSchema } from '../../../common/schemas/curriculum.js';
import { idSchema } from '../../../common/schemas/ids.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../http-error.js';
import type { FileStore } from '../../storage/file-store.js';
import { addActivity, addPdf, uploadParentExists } from '../curriculum/curriculum.service.js';
import { receiveUpload } from './receive-upload.js';
import { extractPackage } from './zip-package.js';

type Deps = { db: Db; files: FileStore; pdfMaxBytes: number };
type UploadTarget = { title: string; parentId: number };

export async function handleUpload(deps: Deps, request: FastifyRequest, actorId: number) {
  let target: UploadTarget | undefined;
  // Fields sent before the file (the app sends them first) are checked before its bytes are
  // stored; otherwise once the file is in.
  const upload = await receiveUpload(request, deps.files, deps.pdfMaxBytes, async (kind, fields) => {
    if (fields.title !== undefined && fields.id !== undefined)
      target = await checkTarget(deps.db, kind, fields);
  });
  const unpackedDir = deps.files.tempPath('-package');
  try {
    target ??= await checkTarget(deps.db, upload.kind, upload.fields);
    const child = { ...target, actorId, file: upload };
    if (upload.kind === 'pdf') return { success: true, newPdf: await addPdf(deps, child) };
    const description = await extractPackage(upload.tempPath, unpackedDir);
    const newfile = await addActivity(deps, { ...child, unpackedDir, package: description });
    return { success: true, newfile, package: description.summary };
  } finally {
    await fs.rm(unpackedDir, { recursive: true, force: true });
    await fs.rm(upload.tempPath, { force: true });
  }
}

/** The title and parent id of an upload, checked against the spec's rules, and the parent's existence. */
async function checkTarget(db: Db, kind: UploadKind, fields: Record<string, string>): Promise<UploadTarget> {
  const titleResult = (kind === 'pdf' ? pdfTitleSchema : activityTitleSchema).safeParse({
    title: fields.title ?? '',
  });
  if (!titleResult.success) throw badRequest(titleResult.error.issues[0]?.message ?? u.noFile);
  const rawId = fields.id?.trim();
  if (!rawId) throw badRequest(kind === 'pdf' ? m.lessonIdMissing : m.sessionIdMissing);
  const idResult = idSchema.safeParse(rawId);
  if (!idResult.success) throw badRequest(idResult.error.issues[0]?.message ?? m.sessionIdMissing);
  const parentId = idResult.data;
  if (!(await uploadParentExists(db, kind, parentId))) {
    throw notFound(kind === 'pdf' ? m.lessonNotFound : m.sessionNotFound);
  }
  return { title: titleResult.data.title, parentId };
}
