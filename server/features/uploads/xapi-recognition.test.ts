// Upload recognition of xAPI packages: cmi5 (cmi5.xml) and Tin Can (tincan.xml), through
// the admin's upload route, with the summary the admin reads and what is stored for the player.
import { describe, expect, it } from 'vitest';
import { packageWarningMessages, uploadMessages as u } from '../../../common/messages/curriculum.js';
import { createActivity } from '../../fixtures/factories.js';
import { buildZip } from '../../fixtures/files.js';
import { packageZipKey } from '../../storage/keys.js';
import { setupTestApp } from '../../test/helper.js';
import { buildCmi5Package, buildTincanPackage, cmi5Xml } from '../../test/package-fixtures.js';
import { setupPackageUploads, sha256 } from '../../test/upload-helpers.js';
import { describeStoredPackages } from './describe-stored-packages.js';

const ctx = setupTestApp();
const uploads = setupPackageUploads(ctx);
const { accepted, refused } = uploads;

describe('cmi5 packages', () => {
  it('accepts a Rise 360-like export (no index.html at the root) and plays its AU with its rules', async () => {
    const { row, summary } = await accepted(
      buildCmi5Package({
        courseTitle: 'Les accords',
        aus: [
          {
            id: 'http://abc_rise/activity',
            url: 'scormdriver/indexAPI.html',
            moveOn: 'Passed',
            masteryScore: '0.8',
            launchParameters: 'eyJjcHYiOiJ4In0=',
          },
        ],
      }),
    );
    expect(summary).toEqual({
      kind: 'cmi5',
      launch: 'scormdriver/indexAPI.html',
      files: 2,
      unpackedBytes: expect.any(Number),
      detail: 'Les accords',
      xapi: {
        activityId: 'http://abc_rise/activity',
        moveOn: 'Passed',
        masteryScore: 0.8,
        auCount: 1,
        launchParameters: 'eyJjcHYiOiJ4In0=',
      },
      warnings: [],
    });
    expect(row).toEqual({
      package_kind: 'cmi5',
      package_root: '',
      launch_path: 'scormdriver/indexAPI.html',
      package_summary: JSON.stringify(summary),
    });
  });

  it('reads cmi5.xml under a single top folder, keeps the url’s query, and defaults moveOn to NotApplicable', async () => {
    const { row, summary } = await accepted(
      buildCmi5Package({
        top: 'Export cmi5/',
        aus: [{ id: 'https://ardoise.test/au/a', url: 'res/index.html?lang=fr' }],
      }),
    );
    expect(row).toMatchObject({ package_kind: 'cmi5', package_root: 'Export cmi5/' });
    expect(summary).toMatchObject({
      launch: 'res/index.html?lang=fr',
      xapi: {
        activityId: 'https://ardoise.test/au/a',
        moveOn: 'NotApplicable',
        masteryScore: null,
        auCount: 1,
      },
    });
    expect(summary.xapi).not.toHaveProperty('launchParameters');
  });

  it('plays the first AU of several (blocks included) and warns the admin, naming the AUs', async () => {
    const { summary } = await accepted(
      buildCmi5Package({
        aus: [
          {
            id: 'https://ardoise.test/au/1',
            url: 'one/index.html',
            title: 'Unité 1',
            blocks: 2,
            moveOn: 'Completed',
          },
          { id: 'https://ardoise.test/au/2', url: 'two/index.html', title: 'Unité 2', moveOn: 'Passed' },
          { id: 'https://ardoise.test/au/3', url: 'three/index.html', title: 'Unité 3', blocks: 1 },
        ],
      }),
    );
    expect(summary).toMatchObject({
      launch: 'one/index.html',
      xapi: { activityId: 'https://ardoise.test/au/1', moveOn: 'Completed', auCount: 3 },
    });
    expect(summary.warnings).toEqual([
      {
        code: 'several-aus',
        message: packageWarningMessages['several-aus'],
        examples: ['Unité 1', 'Unité 2', 'Unité 3'],
      },
    ]);
  });

  it('reads an iSpring-style masteryScore ("0.0000") and CompletedAndPassed', async () => {
    const { summary } = await accepted(
      buildCmi5Package({
        aus: [
          {
            id: 'ispring://p/1',
            url: 'res/index.html',
            moveOn: 'CompletedAndPassed',
            masteryScore: '0.0000',
          },
        ],
      }),
    );
    expect(summary.xapi).toEqual({
      activityId: 'ispring://p/1',
      moveOn: 'CompletedAndPassed',
      masteryScore: 0,
      auCount: 1,
    });
  });

  it('refuses an AU played from another site, a missing page, bad rules and unreadable xml, clearly', async () => {
    const page = { 'index.html': '<p>x</p>' };
    await refused(
      buildCmi5Package({
        aus: [{ id: 'https://a/au', url: 'https://cdn.example.com/course/index.html' }],
        files: page,
      }),
      u.cmi5RemoteAu('https://cdn.example.com/course/index.html'),
    );
    await refused(
      buildCmi5Package({ aus: [{ id: 'https://a/au', url: 'missing/start.html' }], files: page }),
      u.cmi5LaunchMissing('missing/start.html'),
    );
    await refused(
      buildCmi5Package({ aus: [{ id: 'https://a/au', url: 'index.html', moveOn: 'Whenever' }], files: page }),
      u.cmi5MoveOn('Whenever'),
    );
    await refused(
      buildCmi5Package({ aus: [{ id: 'https://a/au', url: 'index.html', masteryScore: '80' }], files: page }),
      u.cmi5MasteryScore('80'),
    );
    // Not XML, not a course structure, no AU: refused even though an index.html is there.
    await refused(buildZip({ 'cmi5.xml': '<courseStructure><course>', ...page }), u.cmi5Invalid);
    await refused(buildZip({ 'cmi5.xml': '<manifest/>', ...page }), u.cmi5Invalid);
    await refused(buildZip({ 'cmi5.xml': cmi5Xml({ aus: [] }), ...page }), u.cmi5NoAu);
  });
});

describe('Tin Can packages', () => {
  it('launches the course activity of a Storyline-like tincan.xml', async () => {
    const { row, summary } = await accepted(buildTincanPackage({ name: 'Sécurité & gestes' }));
    expect(row).toMatchObject({ package_kind: 'tincan', package_root: '', launch_path: 'index_lms.html' });
    expect(summary).toMatchObject({
      kind: 'tincan',
      launch: 'index_lms.html',
      detail: 'Sécurité & gestes',
      xapi: {
        activityId: 'http://ardoise.test/tincan/course',
        moveOn: 'CompletedOrPassed',
        masteryScore: null,
        auCount: 1,
      },
      warnings: [],
    });
  });

  it('prefers tincan.xml to an imsmanifest.xml in the same export, and takes the first launchable activity', async () => {
    const { summary } = await accepted(
      buildTincanPackage({ withScormManifest: true, courseType: false, top: 'course/' }),
    );
    expect(summary).toMatchObject({ kind: 'tincan', launch: 'index_lms.html' });
  });

  it('refuses a launch on another site, a missing launch page, no launch and unreadable xml', async () => {
    await refused(
      buildTincanPackage({ launch: 'http://example.com/a.html', files: { 'index.html': 'x' } }),
      u.tincanRemoteLaunch('http://example.com/a.html'),
    );
    await refused(
      buildTincanPackage({ files: { 'index.html': 'x' } }),
      u.tincanLaunchMissing('index_lms.html'),
    );
    await refused(
      buildZip({
        'tincan.xml': '<tincan><activities><activity id="a"/></activities></tincan>',
        'index.html': 'x',
      }),
      u.tincanNoLaunch,
    );
    await refused(buildZip({ 'tincan.xml': '<tincan>', 'index.html': 'x' }), u.tincanInvalid);
  });
});

describe('packages stored before recognition', () => {
  it('describes a stored cmi5 zip as cmi5, with its AU’s rules', async () => {
    const zip = buildCmi5Package({
      aus: [{ id: 'https://a/au', url: 'scormdriver/indexAPI.html', moveOn: 'Completed' }],
    });
    const key = packageZipKey(sha256(zip));
    await ctx.files.write(key, zip);
    const old = await createActivity(ctx.db, uploads.sessionId, {
      packageHash: sha256(zip),
    });
    expect(await describeStoredPackages(ctx.db, ctx.files, () => {})).toEqual({ described: 1, failed: 0 });
    const list = (await uploads.admin.get(`/api/admin/getactivites/${uploads.sessionId}`)).json().activities;
    expect(list.find((a: { id: number }) => a.id === old.id).package).toMatchObject({
      kind: 'cmi5',
      launch: 'scormdriver/indexAPI.html',
      xapi: { activityId: 'https://a/au', moveOn: 'Completed', masteryScore: null, auCount: 1 },
    });
  });
});
