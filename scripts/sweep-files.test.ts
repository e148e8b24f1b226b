// npm run sweep-files: a dry run lists the stored files no row references and removes nothing;
// --apply removes exactly those, keeps every file a row uses, and leaves foreign keys alone.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertSession } from '../server/features/auth/session.repository.js';
import { createAdmin, createSessionPath } from '../server/fixtures/factories.js';
import { buildActivityZip, buildPdf } from '../server/fixtures/files.js';
import { packageDirKey, packageZipKey, pdfKey } from '../server/storage/keys.js';
import { setupTestApp } from '../server/test/helper.js';
import { storeListing } from '../server/test/stored-files.js';
import { uploadThroughApi } from './seed-demo.js';
import { sweepFiles } from './sweep.js';

const ctx = setupTestApp();
const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');
const orphanPdf = pdfKey(sha256(Buffer.from('orphan pdf')));
const orphanHash = sha256(Buffer.from('orphan zip'));
const orphans = [orphanPdf, packageZipKey(orphanHash), `${packageDirKey(orphanHash)}/index.html`];

beforeAll(async () => {
  const admin = await createAdmin(ctx.db);
  const token = await insertSession(ctx.db, admin.id, new Date(), 600_000);
  const { lessonId, sessionId } = await createSessionPath(ctx.db);
  const pdf = { filename: 'fiche.pdf', type: 'application/pdf', bytes: buildPdf() };
  await uploadThroughApi(ctx.app, token, { ...pdf, title: 'Fiche', id: lessonId });
  const zip = { filename: 'jeu.zip', type: 'application/zip', bytes: buildActivityZip() };
  await uploadThroughApi(ctx.app, token, { ...zip, title: 'Jeu', id: sessionId });
  // What a crash between storing a file and inserting its row leaves behind, and a foreign key.
  for (const key of orphans) await ctx.files.write(key, Buffer.from(key));
  await ctx.files.write('notes/readme.txt', Buffer.from('not Ardoise'));
});

describe('npm run sweep-files', () => {
  it('lists the unreferenced files in a dry run and removes nothing', async () => {
    const before = await storeListing(ctx.files);
    const lines: string[] = [];
    const report = await sweepFiles(ctx.config, { apply: false }, (line) => lines.push(line));
    expect(report.unreferenced.map((object) => object.key).sort()).toEqual([...orphans].sort());
    expect(report.unknown).toEqual(['notes/readme.txt']);
    expect(lines[0]).toContain('dry run, nothing is removed (add --apply to remove)');
    expect(lines).toContain(`unreferenced: ${orphanPdf} (${orphanPdf.length} bytes)`);
    expect(lines.at(-1)).toMatch(/^Found 3 unreferenced file\(s\), \d+ bytes; run again with --apply/);
    expect(await storeListing(ctx.files)).toEqual(before);
  });

  it('with --apply removes exactly those, and keeps what rows use and what is not Ardoise’s', async () => {
    const before = await storeListing(ctx.files);
    const lines: string[] = [];
    await sweepFiles(ctx.config, { apply: true }, (line) => lines.push(line));
    expect(lines.at(-1)).toMatch(/^Removed 3 unreferenced file\(s\)/);
    expect(await storeListing(ctx.files)).toEqual(before.filter((key) => !orphans.includes(key)));
    expect(await ctx.files.exists('notes/readme.txt')).toBe(true);
    // Every file a row names is still served.
    const used = await ctx.db.selectFrom('activities').select('package_hash').executeTakeFirstOrThrow();
    expect(await ctx.files.exists(packageZipKey(used.package_hash))).toBe(true);
    const again = await sweepFiles(ctx.config, { apply: false }, () => {});
    expect(again.unreferenced).toEqual([]);
  });
});
