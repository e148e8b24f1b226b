// Pupils signing in through their ENT, against the real identity providers: the GAR's SAML
// (SimpleSAMLphp) and a regional CAS server (django-cas-server), both on loopback. The account is
// made at the first visit and known by its identity afterwards; the pupil joins the groups of their
// school made for their classes, and follows their classes at each visit; teacher and pupil
// identities never cross; the school's ENT and licence rule as for teachers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entRefusals } from '../../../common/messages/ent.js';
import {
  createGroup,
  createLevel,
  createPupil,
  createSchool,
  createTeacher,
  daysFromToday,
  newUai,
} from '../../fixtures/factories.js';
import { type CasServer, signInAtCas, startCasServer } from '../../test/cas-server.js';
import {
  ACS_URL,
  browserOf,
  entAudit,
  landing,
  lastAuditId,
  openEntSession,
  postAcs,
  SP_ENTITY_ID,
  spKeyFiles,
  storedUser,
  tradeCode,
} from '../../test/ent-helpers.js';
import { apiClient, setupTestApp, signIn } from '../../test/helper.js';
import { type IdpUser, type SamlIdp, signInAtIdp, startSamlIdp } from '../../test/saml-idp.js';

const UAI = {
  college: newUai(),
  other: newUai(),
  closed: newUai(),
  passwordOnly: newUai(),
  cas: newUai(),
};

const pupil = (ido: string, extra: Record<string, string | string[]> = {}) => ({
  IDO: ido,
  UAI: UAI.college,
  PRO: 'National_elv',
  ...extra,
});
const USERS: IdpUser[] = [
  {
    username: 'lina',
    password: 'secret',
    attributes: pupil('ido-lina', { NOM: 'Benali', PRE: 'Lina', DIV: '6A##6EME A', GRO: 'LAT##Latin' }),
  },
  // Lina next year: another class, and the resource no longer receives names.
  { username: 'lina-later', password: 'secret', attributes: pupil('ido-lina', { DIV: '5B##5EME B' }) },
  // No names at all: the GAR sends none to a resource without that right.
  { username: 'sans-nom', password: 'secret', attributes: pupil('ido-sans-nom', { DIV: '6A##6EME A' }) },
  {
    username: 'prof',
    password: 'secret',
    attributes: { ...pupil('ido-prof'), PRO: 'National_ens', NOM: 'Roux' },
  },
  // The teacher's IDO, sent with a pupil's profile.
  { username: 'prof-as-pupil', password: 'secret', attributes: pupil('ido-prof', { DIV: '6A##6EME A' }) },
  // Lina's IDO, sent with a teacher's profile.
  {
    username: 'lina-as-teacher',
    password: 'secret',
    attributes: { ...pupil('ido-lina'), PRO: 'National_ens', NOM: 'Benali' },
  },
  { username: 'closed', password: 'secret', attributes: pupil('ido-closed', { UAI: UAI.closed }) },
  { username: 'password-only', password: 'secret', attributes: pupil('ido-pw', { UAI: UAI.passwordOnly }) },
];
const CAS_PUPIL = {
  username: 'eleve.martin',
  password: 'secret',
  attributes: {
    ENTPersonStructRattachUAI: UAI.cas,
    ENTPersonProfils: 'National_ELV',
    ENTEleveClasses: ['6A##6EME A'],
  },
};
const CAS_MAPPING = { UAI: 'ENTPersonStructRattachUAI', PRO: 'ENTPersonProfils', DIV: 'ENTEleveClasses' };

let idp: SamlIdp;
let cas: CasServer;
const sp = spKeyFiles();
beforeAll(async () => {
  [idp, cas] = await Promise.all([
    startSamlIdp({ sp: { entityId: SP_ENTITY_ID, acsUrl: ACS_URL, certPem: sp.certPem }, users: USERS }),
    startCasServer({
      user: CAS_PUPIL,
      servicePattern:
        '^http://127\\.0\\.0\\.1:3000/api/auth/cas/callback\\?uai=[0-9A-Z]{8}&state=[\\w-]{43}$',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([idp?.close(), cas?.close()]);
});

const PUPIL_IDLE_MS = 20 * 60_000;
const ctx = setupTestApp(() => ({
  saml: {
    idpMetadata: idp.metadataUrl,
    ...sp.files(),
  },
  casAllowPrivateAddresses: true,
  pupilIdleMs: PUPIL_IDLE_MS,
}));

let college: number;
let casSchool: number;
let levelId: number;
/** The college's groups: made for 6A, 5B and the Latin group by ENT teachers; one by hand. */
const groups = { sixA: 0, fiveB: 0, latin: 0, byHand: 0, otherSchoolSixA: 0, casSixA: 0, casFiveB: 0 };
beforeAll(async () => {
  college = (await createSchool(ctx.db, { uai: UAI.college, sign_in_method: 'gar' })).id;
  const other = (await createSchool(ctx.db, { uai: UAI.other, sign_in_method: 'gar' })).id;
  await createSchool(ctx.db, { uai: UAI.closed, sign_in_method: 'gar', active_license: 0 });
  await createSchool(ctx.db, { uai: UAI.passwordOnly });
  casSchool = (
    await createSchool(ctx.db, {
      uai: UAI.cas,
      sign_in_method: 'cas',
      cas_url: cas.url,
      cas_attributes: JSON.stringify(CAS_MAPPING),
    })
  ).id;
  levelId = (await createLevel(ctx.db)).id;
  const teacher = await createTeacher(ctx.db, { school_id: college, levelIds: [levelId] });
  const colleague = await createTeacher(ctx.db, { school_id: college, levelIds: [levelId] });
  const elsewhere = await createTeacher(ctx.db, { school_id: other, levelIds: [levelId] });
  const casTeacher = await createTeacher(ctx.db, { school_id: casSchool, levelIds: [levelId] });
  const entGroup = async (teacherId: number, entClass: string | null) => {
    const { id } = await createGroup(ctx.db, teacherId, levelId);
    await ctx.db.updateTable('class_groups').set({ ent_class: entClass }).where('id', '=', id).execute();
    return id;
  };
  groups.sixA = await entGroup(teacher.id, 'div:6A');
  groups.fiveB = await entGroup(teacher.id, 'div:5B');
  groups.latin = await entGroup(colleague.id, 'gro:LAT');
  groups.byHand = await entGroup(teacher.id, null);
  groups.otherSchoolSixA = await entGroup(elsewhere.id, 'div:6A');
  groups.casSixA = await entGroup(casTeacher.id, 'div:6A');
  groups.casFiveB = await entGroup(casTeacher.id, 'div:5B');
});

/** From Ardoise's GAR link, through the IdP's login page, to what the ACS answers. */
async function signInThroughGar(username: string, next?: string) {
  const start = await apiClient(ctx.app).get(
    `/api/auth/saml/login${next ? `?next=${encodeURIComponent(next)}` : ''}`,
  );
  expect(start.statusCode, start.body).toBe(302);
  const form = await signInAtIdp(String(start.headers.location), { username, password: 'secret' });
  const browser = browserOf(start);
  return { acs: await postAcs(ctx, form.fields, browser), browser };
}

async function pupilSessionThroughGar(username: string, next?: string) {
  const { acs, browser } = await signInThroughGar(username, next);
  return openEntSession(ctx, acs, browser);
}

/** The groups a pupil is in, and whether the ENT put them there. */
async function groupsOf(pupilId: number) {
  const rows = await ctx.db
    .selectFrom('group_pupils')
    .select(['group_id', 'via_ent'])
    .where('pupil_id', '=', pupilId)
    .orderBy('group_id')
    .execute();
  return rows.map((row) => ({ group: row.group_id, viaEnt: Number(row.via_ent) }));
}

async function identityOf(userId: number) {
  return ctx.db
    .selectFrom('external_identities')
    .select(['provider', 'issuer', 'subject'])
    .where('user_id', '=', userId)
    .execute();
}

const countUsers = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a pupil through the GAR', () => {
  let linaId: number;

  it('makes the pupil’s account at the first visit, with the names the GAR sent, in the groups of their classes', async () => {
    const audit = await lastAuditId(ctx);
    const before = Date.now();
    const session = await pupilSessionThroughGar('lina');
    linaId = session.user.id;
    expect(session.user).toMatchObject({ name: 'Benali', firstname: 'Lina', role: 'pupil' });
    expect(session.next).toBe('');

    const user = await storedUser(ctx, linaId);
    expect(user).toMatchObject({ role: 'pupil', school_id: college, name: 'Benali', firstname: 'Lina' });
    // No email, no password (docs/pupils.md).
    expect(user.email).toMatch(/^#eleve-/);
    expect(user.password_hash).toBe('');
    expect(await identityOf(linaId)).toEqual([
      { provider: 'gar', issuer: idp.entityId, subject: 'ido-lina' },
    ]);

    // 6A (their class) and the colleague's Latin group; not 5B, not the group made by hand, not the
    // 6A of another school.
    expect(await groupsOf(linaId)).toEqual([
      { group: groups.sixA, viaEnt: 1 },
      { group: groups.latin, viaEnt: 1 },
    ]);

    // A session that ends after the pupils' idle time, not the teachers' hours.
    const row = await ctx.db
      .selectFrom('auth_sessions')
      .select('expires_at')
      .where('user_id', '=', linaId)
      .executeTakeFirstOrThrow();
    const expires = Date.parse(row.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + PUPIL_IDLE_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + PUPIL_IDLE_MS + 1000);

    const entries = await entAudit(ctx, audit);
    expect(entries.map((entry) => entry.action)).toEqual(['auth.ent-login']);
    expect(entries[0]).toMatchObject({
      actor_id: linaId,
      details: { provider: 'gar', created: true, role: 'pupil' },
    });
    const created = await ctx.db
      .selectFrom('audit_log')
      .select(['entity_id', 'details'])
      .where('id', '>', audit)
      .where('action', '=', 'pupil.ent-create')
      .execute();
    expect(created).toEqual([{ entity_id: linaId, details: expect.any(String) }]);
    // No name, no identifier of the pupil in what the log keeps.
    for (const text of [...entries.map((entry) => JSON.stringify(entry.details)), created[0]!.details]) {
      expect(text).not.toMatch(/Benali|Lina|ido-lina/);
    }
  });

  it('answers the pupil’s session as a pupil, and refuses it a teacher’s route', async () => {
    const session = await pupilSessionThroughGar('lina');
    expect(session.user.id).toBe(linaId);
    const me = await session.client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { id: linaId, role: 'pupil' } });
    expect((await session.client.get('/api/user/getuserlevels')).statusCode).toBe(403);
    expect((await session.client.get(`/api/user/classes/${levelId}`)).statusCode).toBe(403);
  });

  it('follows the pupil’s classes at a later visit, keeps their names and the groups a teacher put them in', async () => {
    // A teacher put Lina in the Latin group by hand too, and in a group of their own.
    await ctx.db
      .insertInto('group_pupils')
      .values({ group_id: groups.byHand, pupil_id: linaId, created_at: new Date().toISOString() })
      .execute();
    await ctx.db
      .updateTable('group_pupils')
      .set({ via_ent: 0 })
      .where('group_id', '=', groups.latin)
      .where('pupil_id', '=', linaId)
      .execute();
    const seen = (
      await ctx.db
        .selectFrom('pupils')
        .select('last_seen_at')
        .where('user_id', '=', linaId)
        .executeTakeFirstOrThrow()
    ).last_seen_at;
    const users = await countUsers();

    const session = await pupilSessionThroughGar('lina-later');
    expect(session.user.id).toBe(linaId);
    expect(await countUsers()).toBe(users);
    // Out of 6A (the ENT put Lina there), into 5B; the teacher's choices stay.
    expect(await groupsOf(linaId)).toEqual(
      [
        { group: groups.fiveB, viaEnt: 1 },
        { group: groups.latin, viaEnt: 0 },
        { group: groups.byHand, viaEnt: 0 },
      ].sort((a, b) => a.group - b.group),
    );
    // Names no longer sent are not wiped.
    expect(await storedUser(ctx, linaId)).toMatchObject({ name: 'Benali', firstname: 'Lina' });
    const pupilRow = await ctx.db
      .selectFrom('pupils')
      .select('last_seen_at')
      .where('user_id', '=', linaId)
      .executeTakeFirstOrThrow();
    expect(pupilRow.last_seen_at > seen).toBe(true);
  });

  it('shows a pupil the GAR sends no names for as « Élève » and their pseudonym', async () => {
    const session = await pupilSessionThroughGar('sans-nom');
    const stored = await ctx.db
      .selectFrom('users as u')
      .innerJoin('pupils as p', 'p.user_id', 'u.id')
      .select(['u.name', 'u.firstname', 'p.pseudonym'])
      .where('u.id', '=', session.user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: '', firstname: '' });
    expect(stored.pseudonym).toMatch(/^[A-Z2-9]{3}$/);
    expect(session.user).toMatchObject({ name: `Élève ${stored.pseudonym}`, firstname: '', role: 'pupil' });
    expect(await groupsOf(session.user.id)).toEqual([{ group: groups.sixA, viaEnt: 1 }]);
  });

  it('never sends a pupil to a staff page a `next` asked for; keeps a page of their own space', async () => {
    expect((await pupilSessionThroughGar('sans-nom', '/usergroups/1')).next).toBe('');
    expect((await pupilSessionThroughGar('sans-nom', '/admin')).next).toBe('');
    expect((await pupilSessionThroughGar('sans-nom', '/eleve/activite/3')).next).toBe('/eleve/activite/3');
  });
});

describe('teacher and pupil identities never cross', () => {
  it('refuses a teacher’s IDO arriving with a pupil’s profile, and the reverse, in the audit log', async () => {
    const teacher = await pupilSessionThroughGar('prof');
    expect(teacher.user.role).toBe('teacher');
    const lina = await ctx.db
      .selectFrom('external_identities')
      .select('user_id')
      .where('subject', '=', 'ido-lina')
      .executeTakeFirstOrThrow();
    const linaGroups = await groupsOf(lina.user_id);

    for (const [username, account, profile] of [
      ['prof-as-pupil', teacher.user.id, 'pupil'],
      ['lina-as-teacher', lina.user_id, 'teacher'],
    ] as const) {
      const [users, audit] = [await countUsers(), await lastAuditId(ctx)];
      const { acs } = await signInThroughGar(username);
      expect(landing(acs).page).toBe('/ent/refus?motif=roleMismatch');
      expect(await countUsers()).toBe(users);
      expect(await entAudit(ctx, audit)).toEqual([
        expect.objectContaining({
          action: 'auth.ent-refused',
          details: expect.objectContaining({ provider: 'gar', reason: 'roleMismatch', account, profile }),
        }),
      ]);
    }
    // The teacher's account took no class of a pupil; the pupil's groups did not move.
    expect(await storedUser(ctx, teacher.user.id)).toMatchObject({ role: 'teacher', name: 'Roux' });
    expect(await groupsOf(teacher.user.id)).toEqual([]);
    expect(await groupsOf(lina.user_id)).toEqual(linaGroups);
    expect(entRefusals.roleMismatch).toMatch(/enseignant ou élève/);
  });
});

describe('the school’s rules, as for teachers', () => {
  it.each([
    ['closed', 'licenceInactive'],
    ['password-only', 'schoolNotEnt'],
  ])('%s: refused (%s), nothing made', async (username, reason) => {
    const [users, audit] = [await countUsers(), await lastAuditId(ctx)];
    const { acs } = await signInThroughGar(username);
    expect(landing(acs).page).toBe(`/ent/refus?motif=${reason}`);
    expect(await countUsers()).toBe(users);
    const entries = await entAudit(ctx, audit);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'auth.ent-refused',
        details: expect.objectContaining({ provider: 'gar', reason }),
      }),
    ]);
    // A pupil's identifier stays out of the log.
    expect(JSON.stringify(entries[0]!.details)).not.toContain('ido-');
  });

  it('refuses the one-time code of a pupil whose school’s licence ended meanwhile', async () => {
    const { acs, browser } = await signInThroughGar('sans-nom');
    await ctx.db
      .updateTable('schools')
      .set({ license_end_date: daysFromToday(-1) })
      .where('id', '=', college)
      .execute();
    try {
      const answer = await tradeCode(ctx, landing(acs).params.get('code') ?? '', browser);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ message: entRefusals.licenceExpired });
    } finally {
      await ctx.db
        .updateTable('schools')
        .set({ license_end_date: daysFromToday(365) })
        .where('id', '=', college)
        .execute();
    }
  });
});

describe('« Créer les groupes de mes classes »', () => {
  it('takes in at once the pupils of the class who signed in before, of this school only', async () => {
    // An ENT teacher of the college with the 4C class; a pupil of 4C signed in before it had a group.
    const teacher = await createTeacher(ctx.db, { school_id: college, levelIds: [levelId] });
    await ctx.db
      .insertInto('teacher_classes')
      .values({ user_id: teacher.id, kind: 'div', code: '4C', label: '4EME C' })
      .execute();
    const pupilOf = async (schoolId: number) => {
      const { id } = await createPupil(ctx.db, { schoolId });
      await ctx.db
        .insertInto('teacher_classes')
        .values({ user_id: id, kind: 'div', code: '4C', label: '4EME C' })
        .execute();
      return id;
    };
    const ours = await pupilOf(college);
    const theirs = await pupilOf(casSchool);

    const session = await signIn(ctx.app, { email: teacher.email, password: teacher.password });
    const made = await session.post(`/api/user/createclassgroups/${levelId}`);
    expect(made.statusCode, made.body).toBe(200);
    const [group] = made.json<{ created: Array<{ id: number; title: string }> }>().created;
    expect(group).toMatchObject({ title: '4EME C' });
    const stored = await ctx.db
      .selectFrom('class_groups')
      .select('ent_class')
      .where('id', '=', group!.id)
      .executeTakeFirstOrThrow();
    expect(stored.ent_class).toBe('div:4C');
    expect(await groupsOf(ours)).toEqual([{ group: group!.id, viaEnt: 1 }]);
    expect(await groupsOf(theirs)).toEqual([]);
  });
});

describe('« Créer les groupes de mes classes » and a group made by hand', () => {
  it('ties the teacher’s group of the class’s name to the class, and its pupils join it', async () => {
    const teacher = await createTeacher(ctx.db, { school_id: college, levelIds: [levelId] });
    await ctx.db
      .insertInto('teacher_classes')
      .values({ user_id: teacher.id, kind: 'div', code: '3D', label: '3EME D' })
      .execute();
    const { id: byHand } = await createGroup(ctx.db, teacher.id, levelId, '3eme D');
    const { id: pupilId } = await createPupil(ctx.db, { schoolId: college });
    await ctx.db
      .insertInto('teacher_classes')
      .values({ user_id: pupilId, kind: 'div', code: '3D', label: '3EME D' })
      .execute();

    const session = await signIn(ctx.app, { email: teacher.email, password: teacher.password });
    const made = await session.post(`/api/user/createclassgroups/${levelId}`);
    expect(made.statusCode, made.body).toBe(200);
    // No second group: the one made by hand is the class's now.
    expect(made.json()).toMatchObject({ created: [] });
    const stored = await ctx.db
      .selectFrom('class_groups')
      .select('ent_class')
      .where('id', '=', byHand)
      .executeTakeFirstOrThrow();
    expect(stored.ent_class).toBe('div:3D');
    expect(await groupsOf(pupilId)).toEqual([{ group: byHand, viaEnt: 1 }]);
  });
});

describe('a pupil through a regional CAS', () => {
  it('keys the pupil by the server and user, shows them without names, in their class’s group of this school', async () => {
    const audit = await lastAuditId(ctx);
    const start = await apiClient(ctx.app).get(`/api/auth/cas/login?uai=${UAI.cas}`);
    expect(start.statusCode).toBe(302);
    const browser = browserOf(start);
    const back = new URL(await signInAtCas(String(start.headers.location), CAS_PUPIL));
    const callback = await apiClient(ctx.app).request({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: browser,
    });
    const session = await openEntSession(ctx, callback, browser);
    expect(session.user.role).toBe('pupil');
    expect(session.user.name).toMatch(/^Élève [A-Z2-9]{3}$/);
    expect(await storedUser(ctx, session.user.id)).toMatchObject({
      school_id: casSchool,
      name: '',
      firstname: '',
    });
    expect(await identityOf(session.user.id)).toEqual([
      { provider: 'cas', issuer: cas.url, subject: 'eleve.martin' },
    ]);
    expect(await groupsOf(session.user.id)).toEqual([{ group: groups.casSixA, viaEnt: 1 }]);
    const entries = await entAudit(ctx, audit);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'auth.ent-login',
        details: { provider: 'cas', created: true, role: 'pupil' },
      }),
    ]);
  });
});
