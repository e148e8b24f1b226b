// Pupils coming from their ENT in a real browser: the GAR (SimpleSAMLphp) and a regional CAS server
// (django-cas-server), both on another site. A teacher makes the groups of their classes with
// « Créer les groupes de mes classes »; a pupil of one of those classes signs in through the GAR
// with names, lands on /eleve and is in the class's group; a pupil of another class is not; a pupil
// of a CAS school, sent without names, lands on /eleve too, and stays out of the same-coded group
// of the other school.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../common/messages/auth.js';
import { entMessages } from '../common/messages/ent.js';
import { createSchool, newUai } from '../server/fixtures/factories.js';
import { type CasServer, startCasServer } from '../server/test/cas-server.js';
import { freePort } from '../server/test/processes.js';
import { DESKTOP, expectAccessible, launchBrowser, newPage, PHONE } from './support/browser.js';
import {
  ENT_UAI,
  ENT_USERS,
  entSchoolWithLevel,
  IDP_PASSWORD,
  signInAtIdpPage,
  startServerWithIdp,
} from './support/ent.js';
import { photograph } from './support/photograph.js';
import { APP_HOST, type RunningServer } from './support/server.js';

const LEVEL = 'Sixième – mathématiques';
const CAS_UAI = newUai();
/** Zoé: a pupil of the same school, in a class the teacher does not have. */
const ZOE = {
  username: 'zoe',
  password: IDP_PASSWORD,
  attributes: {
    IDO: 'ido-e2e-zoe',
    NOM: 'Lambert',
    PRE: 'Zoé',
    UAI: [ENT_UAI],
    PRO: 'National_elv',
    DIV: '5C##5EME C',
  },
};
/** Sacha: a pupil of a CAS school, in a class with the same code as the teacher's, sent without names. */
const SACHA = {
  username: 'sacha.b',
  password: 'secret',
  attributes: {
    ENTPersonStructRattachUAI: CAS_UAI,
    ENTPersonProfils: 'National_ELV',
    ENTEleveClasses: '6A##6EME A',
  },
};

let ent: Awaited<ReturnType<typeof startServerWithIdp>>;
let cas: CasServer;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  const appHost = APP_HOST.replace(/\./g, '\\.');
  cas = await startCasServer({
    user: SACHA,
    servicePattern: `^http://${appHost}:${port}/api/auth/cas/callback\\?uai=[0-9A-Z]{8}&state=[\\w-]{43}$`,
  });
  [ent, browser] = await Promise.all([
    startServerWithIdp({ users: [...ENT_USERS, ZOE], env: { CAS_ALLOW_PRIVATE_ADDRESSES: 'true' }, port }),
    launchBrowser(),
  ]);
  server = ent.server;
  const level = await entSchoolWithLevel(server, {
    level: LEVEL,
    activityTitle: 'Activité ENT',
    school: { name: 'Collège Jean Moulin' },
  });
  // The CAS school has a teacher with a group for its own 6A.
  const casSchool = await createSchool(server.db, {
    name: 'Collège des Tilleuls',
    uai: CAS_UAI,
    sign_in_method: 'cas',
    cas_url: cas.url,
    cas_attributes: JSON.stringify({
      UAI: 'ENTPersonStructRattachUAI',
      PRO: 'ENTPersonProfils',
      DIV: 'ENTEleveClasses',
    }),
  });
  const { id: casTeacher } = await server.db
    .insertInto('users')
    .values({
      email: 'prof.tilleuls@ecole.test',
      password_hash: '',
      name: 'Garnier',
      firstname: 'Anne',
      telephone: '',
      role: 'teacher',
      active: 1,
      school_id: casSchool.id,
      group_limit: null,
      remarque: '',
      totp_enabled: 0,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('class_groups')
    .values({
      teacher_id: casTeacher,
      level_id: level.levelId,
      title: '6EME A',
      ent_class: 'div:6A',
      created_at: new Date().toISOString(),
    })
    .execute();
});
afterAll(async () => {
  await browser?.close();
  await ent?.close();
  await cas?.close();
});

/** The groups a pupil is in, by title and teacher's school. */
async function groupsOfPupil(pupilId: number) {
  return server.db
    .selectFrom('group_pupils as gp')
    .innerJoin('class_groups as g', 'g.id', 'gp.group_id')
    .innerJoin('users as t', 't.id', 'g.teacher_id')
    .innerJoin('schools as s', 's.id', 't.school_id')
    .select(['g.title', 's.uai'])
    .where('gp.pupil_id', '=', pupilId)
    .orderBy('g.title')
    .execute();
}

/** The pupil account an ENT identity made. */
async function pupilOf(subject: string) {
  return server.db
    .selectFrom('external_identities as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('pupils as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.role', 'u.name', 'u.firstname', 'p.pseudonym'])
    .where('e.subject', '=', subject)
    .executeTakeFirstOrThrow();
}

/** A pupil through the GAR, from Ardoise's ENT link to their space. */
async function pupilThroughGar(page: Page, username: string) {
  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: authMessages.signInWithEnt }).click();
  await page.waitForURL((url) => url.toString().startsWith(ent.idp.url));
  await signInAtIdpPage(page, username);
  await page.waitForURL(/\/eleve$/);
  await page.getByRole('main').waitFor();
  // The one-time code does not stay in the address bar.
  expect(page.url()).not.toContain('code=');
}

describe('pupils coming from their ENT', () => {
  it('a teacher makes the groups of their classes; a pupil of the class joins it through the GAR, one of another class does not', async () => {
    const teacher = await newPage(browser, DESKTOP);
    try {
      const { page } = teacher;
      await page.goto(`${server.url}/api/auth/saml/login`);
      await signInAtIdpPage(page, 'claire');
      await page.waitForURL(/\/user$/);
      await page.getByRole('link', { name: new RegExp(LEVEL) }).click();
      await page.waitForURL(/\/usergroups\/\d+$/);
      const classes = page.getByRole('region', { name: entMessages.classGroupsTitle });
      // The teacher is told their pupils will join by themselves.
      await classes.getByText(entMessages.classGroupsHint(2)).waitFor();
      await photograph(page, 'ent-class-groups-panel');
      await classes.getByRole('button', { name: entMessages.createClassGroups }).click();
      await page.getByText(entMessages.classGroupsCreated(2)).waitFor();
    } finally {
      await teacher.context.close();
    }

    const leo = await newPage(browser, PHONE);
    try {
      await pupilThroughGar(leo.page, 'leo');
      await expectAccessible(leo.page);
    } finally {
      await leo.context.close();
    }
    const leoAccount = await pupilOf('ido-e2e-leo');
    expect(leoAccount).toMatchObject({ role: 'pupil', name: 'Petit', firstname: 'Léo' });
    expect(await groupsOfPupil(leoAccount.id)).toEqual([{ title: '6EME A', uai: ENT_UAI }]);

    const zoe = await newPage(browser, PHONE);
    try {
      await pupilThroughGar(zoe.page, 'zoe');
    } finally {
      await zoe.context.close();
    }
    const zoeAccount = await pupilOf('ido-e2e-zoe');
    expect(zoeAccount).toMatchObject({ role: 'pupil', name: 'Lambert' });
    expect(await groupsOfPupil(zoeAccount.id)).toEqual([]);
  });

  it('a pupil of a CAS school, sent without names, lands on /eleve, in their own school’s group only', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      // The ENT portal's link.
      await page.goto(`${server.url}/api/auth/cas/login?uai=${CAS_UAI}`);
      await page.waitForURL((url) => url.toString().startsWith(cas.url));
      await page.locator('input[name="username"]').fill(SACHA.username);
      await page.locator('input[name="password"]').fill(SACHA.password);
      await page.locator('input[name="password"]').press('Enter');
      await page.waitForURL(/\/eleve$/);
      await page.getByRole('main').waitFor();
      const sacha = await pupilOf(SACHA.username);
      expect(sacha).toMatchObject({ role: 'pupil', name: '', firstname: '' });
      // Shown as « Élève <pseudonym> » by the session the page holds.
      const stored = await page.evaluate(() => JSON.stringify(Object.values({ ...sessionStorage })));
      expect(stored).toContain(`Élève ${sacha.pseudonym}`);
      expect(await groupsOfPupil(sacha.id)).toEqual([{ title: '6EME A', uai: CAS_UAI }]);
    } finally {
      await context.close();
    }
  });
});
