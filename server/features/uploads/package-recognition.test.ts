import { describe, expect, it } from 'vitest';
import { uploadMessages as u } from '../../../common/messages/curriculum.js';
import { activityPackageResponseSchema } from '../../../common/schemas/curriculum.js';
import { createActivity, createTeacher, DEFAULT_PASSWORD } from '../../fixtures/factories.js';
import { buildActivityZip, buildZip } from '../../fixtures/files.js';
import { packageDirKey, packageZipKey } from '../../storage/keys.js';
import { expectShape } from '../../test/admin-helpers.js';
import { setupTestApp, signIn } from '../../test/helper.js';
import {
  buildH5pPackage,
  buildHtml5Package,
  buildScorm12Package,
  buildScorm2004Package,
  buildScormPackage,
  scormManifest,
} from '../../test/package-fixtures.js';
import { setupPackageUploads, sha256 } from '../../test/upload-helpers.js';
import { describeStoredPackages } from './describe-stored-packages.js';

const ctx = setupTestApp();
const uploads = setupPackageUploads(ctx);
const { accepted, refused } = uploads;

describe('SCORM packages', () => {
  it('recognises SCORM 1.2 and launches the first SCO of the default organization', async () => {
    const zip = buildScorm12Package({ title: 'Les fractions' });
    const { body, row, summary } = await accepted(zip, { title: 'Fractions' });
    expect(summary).toEqual({
      kind: 'scorm12',
      launch: 'index_lms.html',
      files: 3,
      unpackedBytes: expect.any(Number),
      detail: 'Les fractions',
      warnings: [],
    });
    expect(row).toEqual({
      package_kind: 'scorm12',
      package_root: '',
      launch_path: 'index_lms.html',
      package_summary: JSON.stringify(summary),
    });
    // The same summary beside the activity in its session's list.
    const list = (await uploads.admin.get(`/api/admin/getactivites/${uploads.sessionId}`)).json().activities;
    expect(list).toContainEqual({ id: body.newfile.id, title: 'Fractions', package: summary });
  });

  it('plays the "H5P in SCORM" wrapper as SCORM 1.2 (its page and API wrapper), not the H5P inside', async () => {
    const zip = buildZip({
      'imsmanifest.xml': scormManifest({ version: '1.2', title: 'H5P in SCORM', href: 'index.html' }),
      'index.html': '<!doctype html><title>H5P in SCORM</title><script src="main.bundle.js"></script>',
      'main.bundle.js': '/* h5p-standalone */',
      'SCORM_API_wrapper.js': '/* pipwerks */',
      'h5p-adaptor.js': '/* H5P results to SCORM */',
      'workspace/h5p.json': JSON.stringify({ title: 'Diaporama', mainLibrary: 'H5P.CoursePresentation' }),
      'workspace/content/content.json': '{}',
    });
    const { row } = await accepted(zip);
    expect(row).toMatchObject({ package_kind: 'scorm12', package_root: '', launch_path: 'index.html' });
  });

  it('recognises SCORM 2004 under a top folder, with xml:base, a query string and item parameters', async () => {
    const zip = buildScorm2004Package({
      top: 'Export SCORM/',
      bases: { manifest: 'content/', resources: 'res/', resource: 'sco/' },
      href: 'start%20page.html?mode=normal',
      parameters: '?lang=fr',
      scoPath: 'content/res/sco/start page.html',
    });
    const { row, summary } = await accepted(zip);
    expect(summary).toMatchObject({
      kind: 'scorm2004',
      launch: 'content/res/sco/start page.html?mode=normal&lang=fr',
    });
    expect(row).toMatchObject({ package_root: 'Export SCORM/', launch_path: summary.launch });
    // The preview copy has the top folder stripped, so the launch page sits at `launch`.
    expect(await ctx.files.exists(`${packageDirKey(sha256(zip))}/content/res/sco/start page.html`)).toBe(
      true,
    );
  });

  it('follows organizations@default when it is not the first organization', async () => {
    const { summary } = await accepted(buildScorm12Package({ nonFirstDefault: true }));
    expect(summary.launch).toBe('index_lms.html');
  });

  it('tells SCORM 2004 from its namespaces when the manifest has no schemaversion', async () => {
    const { summary } = await accepted(buildScorm2004Package({ schemaversion: false }));
    expect(summary.kind).toBe('scorm2004');
  });

  it('refuses a manifest whose launch page is missing, that is not XML, or that names no page', async () => {
    await refused(buildScorm12Package({ withoutSco: true }), u.manifestLaunchMissing('index_lms.html'));
    await refused(
      buildScorm2004Package({ href: '../outside.html', withoutSco: true }),
      u.manifestLaunchMissing('../outside.html'),
    );
    await refused(
      buildZip({ 'imsmanifest.xml': '<manifest><organizations>', 'index.html': '<p>x</p>' }),
      u.manifestInvalid,
    );
    await refused(
      buildZip({
        'imsmanifest.xml':
          '<manifest identifier="m"><organizations/><resources><resource identifier="r"/></resources></manifest>',
        'index.html': '<p>x</p>',
      }),
      u.manifestNoLaunch,
    );
  });
});

describe('H5P packages', () => {
  it('accepts an .h5p file sent as application/octet-stream, with its main library in the summary', async () => {
    const h5p = buildH5pPackage();
    const { row, summary } = await accepted(h5p, {
      filename: 'quiz.h5p',
      contentType: 'application/octet-stream',
    });
    expect(summary).toMatchObject({
      kind: 'h5p',
      launch: 'h5p.json',
      detail: 'H5P.ArdoiseQuiz 1.2',
      files: 7,
    });
    expect(row).toMatchObject({ package_kind: 'h5p', package_root: '', launch_path: 'h5p.json' });
  });

  it('accepts an H5P content zip under a top folder', async () => {
    const { row } = await accepted(buildH5pPackage({ top: 'quiz/', question: 'Deux' }));
    expect(row).toMatchObject({ package_kind: 'h5p', package_root: 'quiz/' });
  });

  it('names the missing libraries, those preloaded by other libraries included', async () => {
    const file = { filename: 'quiz.h5p', contentType: 'application/octet-stream' };
    await refused(
      buildH5pPackage({ omit: ['FontAwesome-4.5'] }),
      u.h5pMissingLibraries(['FontAwesome 4.5']),
      file,
    );
    await refused(
      buildH5pPackage({ omit: ['H5P.ArdoiseQuiz-1.2', 'H5P.Question-1.5'] }),
      u.h5pMissingLibraries(['H5P.ArdoiseQuiz 1.2', 'H5P.Question 1.5']),
      file,
    );
  });

  it('refuses an H5P package without content or with an unreadable h5p.json', async () => {
    await refused(buildZip({ 'h5p.json': '{"title":"x"', 'content/content.json': '{}' }), u.h5pJsonInvalid);
    await refused(
      buildZip({ 'h5p.json': JSON.stringify({ mainLibrary: 'H5P.X', preloadedDependencies: [] }) }),
      u.h5pNoContent,
    );
  });
});

describe('HTML5 packages without manifest', () => {
  it('starts from the one obvious entry page when there is no index.html', async () => {
    const { summary } = await accepted(
      buildHtml5Package(['story.html', 'story_html5.html'], 'Storyline output/'),
    );
    expect(summary).toMatchObject({ kind: 'html5', launch: 'story.html' });
    const single = await accepted(buildHtml5Package(['accueil.html']));
    expect(single.summary.launch).toBe('accueil.html');
  });

  it('lists the candidates when several pages could start the package', async () => {
    await refused(
      buildHtml5Package(['chapitre1.html', 'chapitre2.html']),
      u.entryPageAmbiguous(['chapitre1.html', 'chapitre2.html']),
    );
  });

  it('warns about service workers, other hosts and plug-in files', async () => {
    const zip = buildZip({
      'index.html':
        '<!doctype html><script src="https://cdn.example.com/lib.js"></script><script>navigator.serviceWorker.register("sw.js")</script>',
      'js/track.js': "fetch('https://stats.example.org/hit', { method: 'POST' });",
      'media/intro.swf': 'FWS',
    });
    const { summary } = await accepted(zip);
    expect(summary.warnings).toEqual([
      { code: 'service-worker', message: expect.any(String), examples: ['index.html'] },
      {
        code: 'external-hosts',
        message: expect.any(String),
        examples: ['cdn.example.com', 'stats.example.org'],
      },
      { code: 'plugin-files', message: expect.any(String), examples: ['media/intro.swf'] },
    ]);
  });
});

describe('GET /api/admin/activity-package/{id}', () => {
  it('answers the summary and where the preview starts, to admins only', async () => {
    const { body, summary } = await accepted(buildScorm12Package(), { title: 'Aperçu' });
    const response = await uploads.admin.get(`/api/admin/activity-package/${body.newfile.id}`);
    expect(response.statusCode).toBe(200);
    expectShape(activityPackageResponseSchema, response.json());
    expect(response.json()).toEqual({
      id: body.newfile.id,
      title: 'Aperçu',
      parentid: uploads.sessionId,
      package: summary,
      kind: 'scorm12',
      launch: 'index_lms.html',
      // Its place in the tree, for the preview's breadcrumb: level, period, lesson, session, itself.
      trail: [
        expect.objectContaining({ kind: 'level' }),
        expect.objectContaining({ kind: 'period' }),
        expect.objectContaining({ kind: 'lesson' }),
        expect.objectContaining({ kind: 'session', id: uploads.sessionId }),
        { kind: 'activity', id: body.newfile.id, title: 'Aperçu' },
      ],
    });
    expect((await uploads.admin.get('/api/admin/activity-package/999999')).statusCode).toBe(404);
    const teacher = await createTeacher(ctx.db);
    const teacherClient = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
    expect((await teacherClient.get(`/api/admin/activity-package/${body.newfile.id}`)).statusCode).toBe(403);
  });
});

describe('describing packages stored before recognition', () => {
  it('describes each stored zip once, logs what it could not read, and can run again', async () => {
    const scorm = buildScormPackage({ version: '2004', top: 'pkg/' });
    const html = buildActivityZip('Ancienne');
    const stored = [scorm, html];
    for (const zip of stored) {
      const key = packageZipKey(sha256(zip));
      await ctx.files.write(key, zip);
    }
    const old = [
      await createActivity(ctx.db, uploads.sessionId, { packageHash: sha256(scorm) }),
      await createActivity(ctx.db, uploads.sessionId, { packageHash: sha256(scorm) }),
      await createActivity(ctx.db, uploads.sessionId, { packageHash: sha256(html) }),
    ];
    const lost = await createActivity(ctx.db, uploads.sessionId, { packageHash: 'f'.repeat(64) });
    const lines: string[] = [];

    expect(await describeStoredPackages(ctx.db, ctx.files, (line) => lines.push(line))).toEqual({
      described: 2,
      failed: 1,
    });
    const rows = await ctx.db
      .selectFrom('activities')
      .select(['id', 'package_kind', 'package_root', 'launch_path', 'package_summary'])
      .where('id', 'in', [...old.map((a) => a.id), lost.id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.package_kind, r.package_root, r.launch_path])).toEqual([
      ['scorm2004', 'pkg/', 'index_lms.html'],
      ['scorm2004', 'pkg/', 'index_lms.html'],
      ['html5', '', 'index.html'],
      ['html5', '', 'index.html'],
    ]);
    expect(rows.map((r) => r.package_summary === null)).toEqual([false, false, false, true]);
    expect(lines.some((line) => line.includes('f'.repeat(64)))).toBe(true);

    // Only the package that could not be read is tried again.
    expect(await describeStoredPackages(ctx.db, ctx.files, () => {})).toEqual({ described: 0, failed: 1 });
    const list = (await uploads.admin.get(`/api/admin/getactivites/${uploads.sessionId}`)).json().activities;
    expect(list.find((a: { id: number }) => a.id === lost.id).package).toBeNull();
    expect(list.find((a: { id: number }) => a.id === old[0]?.id).package.kind).toBe('scorm2004');
  });
});
