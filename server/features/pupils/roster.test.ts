// The teacher's roster and cards (docs/pupils.md#sans-ent--les-cartes-de-connexion): add pupils by
// names, rename, remove (a card pupil left in no group is erased), the cards with the class code
// and QR tokens, « Nouvelles cartes »; another teacher's group and ids not in the group are 404;
// bad bodies are a French 400 and change nothing.
import { describe, expect, it } from 'vitest';
import { MAX_PUPILS_PER_ADD, pupilMessages } from '../../../common/messages/pupils.js';
import {
  CARD_PICTURES,
  CLASS_CODE_LENGTH,
  PICTURE_CODE_LENGTH,
  UNAMBIGUOUS_ALPHABET,
} from '../../../common/pupils.js';
import type { CardsResponse, RosterResponse } from '../../../common/schemas/pupils.js';
import {
  createGroup,
  createLevel,
  createPupil,
  createTeacher,
  DEFAULT_PASSWORD,
} from '../../fixtures/factories.js';
import { apiClient, setupTestApp, signIn } from '../../test/helper.js';
import { signInAsPupil } from '../../test/pupil-helpers.js';

const ctx = setupTestApp();

async function aTeacherWithAGroup() {
  const level = await createLevel(ctx.db);
  const teacher = await createTeacher(ctx.db, { levelIds: [level.id] });
  const group = await createGroup(ctx.db, teacher.id, level.id, 'CP Les hiboux');
  const client = await signIn(ctx.app, { email: teacher.email, password: DEFAULT_PASSWORD });
  const base = `/api/user/groups/${group.id}`;
  return { teacher, group, client, base, levelId: level.id };
}

const countRows = async () => ({
  users: Number(
    (
      await ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  memberships: Number(
    (
      await ctx.db
        .selectFrom('group_pupils')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describe('the roster', () => {
  it('adds pupils from lines or a pasted column, in the teacher’s school, sorted by name', async () => {
    const { teacher, client, base } = await aTeacherWithAGroup();
    const empty = await client.get(`${base}/pupils`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ success: true, classCode: null, pupils: [] });

    const added = await client.post(`${base}/pupils`, { names: 'Zoé\n\n  Émile \r\nalice\tMartin\t6 ans\n' });
    expect(added.statusCode).toBe(200);
    const roster = added.json<RosterResponse>();
    expect(roster.pupils.map((p) => p.displayName)).toEqual(['alice', 'Émile', 'Zoé']);
    for (const pupil of roster.pupils) {
      expect(pupil).toMatchObject({ signIn: 'card', hasCard: true, name: '' });
      expect(pupil.pseudonym).toHaveLength(3);
    }
    const schools = await ctx.db
      .selectFrom('users')
      .select(['school_id', 'role'])
      .where(
        'id',
        'in',
        roster.pupils.map((p) => p.id),
      )
      .execute();
    expect(schools).toEqual(Array(3).fill({ school_id: teacher.schoolId, role: 'pupil' }));
    const codes = await ctx.db
      .selectFrom('pupils')
      .select('picture_code')
      .where(
        'user_id',
        'in',
        roster.pupils.map((p) => p.id),
      )
      .execute();
    for (const { picture_code } of codes) {
      const pictures = picture_code.split('-').map(Number);
      expect(pictures).toHaveLength(PICTURE_CODE_LENGTH);
      for (const picture of pictures) expect(picture >= 0 && picture < CARD_PICTURES.length).toBe(true);
    }
    expect((await client.get(`${base}/pupils`)).json()).toEqual(roster);
  });

  it('refuses empty, too many, too long or control characters with a French 400, and adds nobody', async () => {
    const { client, base } = await aTeacherWithAGroup();
    const before = await countRows();
    const cases: [unknown, string][] = [
      [{ names: ' \n\t\n' }, pupilMessages.noNames],
      [{}, pupilMessages.noNames],
      [
        { names: Array.from({ length: MAX_PUPILS_PER_ADD + 1 }, (_, i) => `Élève ${i}`).join('\n') },
        pupilMessages.tooManyNames,
      ],
      [{ names: `Léa\n${'a'.repeat(61)}` }, pupilMessages.nameTooLong('a'.repeat(61))],
      [{ names: 'Léa\nTo\u0000m' }, 'Le texte ne peut pas contenir de caractères de contrôle (comme NUL)'],
      [{ names: 'Léa\nTo\u0007m' }, 'Le texte ne peut pas contenir de caractères de contrôle (comme NUL)'],
    ];
    for (const [body, message] of cases) {
      const response = await client.post(`${base}/pupils`, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(response.json()).toEqual({ success: false, message });
    }
    expect(await countRows()).toEqual(before);
    expect((await client.get(`${base}/pupils`)).json<RosterResponse>().pupils).toEqual([]);
  });

  it('renames a pupil of the group (an ENT pupil too), refuses bad names and pupils of other groups', async () => {
    const { teacher, group, client, base, levelId } = await aTeacherWithAGroup();
    const [pupil] = (await client.post(`${base}/pupils`, { names: 'Léo' })).json<RosterResponse>().pupils;
    const renamed = await client.patch(`${base}/pupils/${pupil!.id}`, {
      firstname: ' Léon ',
      name: 'Martin',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<RosterResponse>().pupils[0]).toMatchObject({
      firstname: 'Léon',
      name: 'Martin',
      displayName: 'Léon Martin',
    });

    const entPupil = await createPupil(ctx.db, {
      schoolId: teacher.schoolId,
      groupIds: [group.id],
      firstname: '',
      name: '',
    });
    await ctx.db
      .insertInto('external_identities')
      .values({
        user_id: entPupil.id,
        provider: 'gar',
        issuer: 'idp',
        subject: `ido-${entPupil.id}`,
        created_at: '2026-01-01',
        last_seen_at: '2026-01-01',
      })
      .execute();
    const roster = (await client.get(`${base}/pupils`)).json<RosterResponse>();
    const ent = roster.pupils.find((p) => p.id === entPupil.id)!;
    expect(ent).toMatchObject({ signIn: 'gar', displayName: `Élève ${ent.pseudonym}` });
    const named = await client.patch(`${base}/pupils/${entPupil.id}`, { firstname: 'Inès', name: '' });
    expect(named.json<RosterResponse>().pupils.find((p) => p.id === entPupil.id)?.displayName).toBe('Inès');

    for (const [body, message] of [
      [{ firstname: '', name: '  ' }, pupilMessages.nameRequired],
      [{ firstname: 'a'.repeat(61), name: '' }, pupilMessages.nameTooLongShort],
      [{ firstname: 'A\tB', name: '' }, pupilMessages.nameTooLongShort],
      [{ name: 'X' }, pupilMessages.nameRequired],
    ] as const) {
      const response = await client.patch(`${base}/pupils/${pupil!.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message });
    }
    const other = await createGroup(ctx.db, teacher.id, levelId);
    const outsider = await createPupil(ctx.db, { schoolId: teacher.schoolId, groupIds: [other.id] });
    for (const id of [outsider.id, 999_999, teacher.id]) {
      const response = await client.patch(`${base}/pupils/${id}`, { firstname: 'X', name: '' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: pupilMessages.pupilNotFound });
    }
    expect((await client.patch(`${base}/pupils/abc`, { firstname: 'X', name: '' })).statusCode).toBe(400);
    const still = (await client.get(`${base}/pupils`)).json<RosterResponse>();
    expect(still.pupils.find((p) => p.id === pupil!.id)?.displayName).toBe('Léon Martin');
  });

  it('removes a pupil from the group; a card pupil in no other group is erased, others stay', async () => {
    const { teacher, group, client, base, levelId } = await aTeacherWithAGroup();
    const other = await createGroup(ctx.db, teacher.id, levelId);
    const pupils = (await client.post(`${base}/pupils`, { names: 'Ana\nBen' })).json<RosterResponse>().pupils;
    const [ana, ben] = pupils;
    await ctx.db
      .insertInto('group_pupils')
      .values({ group_id: other.id, pupil_id: ben!.id, created_at: '2026-01-01' })
      .execute();

    const afterAna = await client.delete(`${base}/pupils/${ana!.id}`);
    expect(afterAna.statusCode).toBe(200);
    expect(afterAna.json<RosterResponse>().pupils.map((p) => p.id)).toEqual([ben!.id]);
    expect(
      await ctx.db.selectFrom('users').select('id').where('id', '=', ana!.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await ctx.db.selectFrom('pupils').select('user_id').where('user_id', '=', ana!.id).executeTakeFirst(),
    ).toBeUndefined();

    await client.delete(`${base}/pupils/${ben!.id}`);
    expect(
      await ctx.db.selectFrom('users').select('id').where('id', '=', ben!.id).executeTakeFirst(),
    ).toBeDefined();
    const benGroups = await ctx.db
      .selectFrom('group_pupils')
      .select('group_id')
      .where('pupil_id', '=', ben!.id)
      .execute();
    expect(benGroups).toEqual([{ group_id: other.id }]);

    const again = await client.delete(`${base}/pupils/${ana!.id}`);
    expect(again.statusCode).toBe(404);
    expect(group.id).toBeGreaterThan(0);
  });

  it('answers 404 for another teacher’s group and unknown groups, and changes nothing', async () => {
    const mine = await aTeacherWithAGroup();
    const theirs = await aTeacherWithAGroup();
    const [pupil] = (
      await theirs.client.post(`${theirs.base}/pupils`, { names: 'Yanis' })
    ).json<RosterResponse>().pupils;
    const before = await countRows();
    for (const base of [theirs.base, '/api/user/groups/999999']) {
      const responses = [
        await mine.client.get(`${base}/pupils`),
        await mine.client.post(`${base}/pupils`, { names: 'Intrus' }),
        await mine.client.patch(`${base}/pupils/${pupil!.id}`, { firstname: 'Pirate', name: '' }),
        await mine.client.delete(`${base}/pupils/${pupil!.id}`),
        await mine.client.get(`${base}/cards`),
        await mine.client.post(`${base}/cards/renew`),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ success: false, message: 'Introuvable' });
      }
    }
    // Nor through my own group: their pupil is not in it.
    expect((await mine.client.delete(`${mine.base}/pupils/${pupil!.id}`)).statusCode).toBe(404);
    expect(await countRows()).toEqual(before);
    expect(
      (await theirs.client.get(`${theirs.base}/pupils`)).json<RosterResponse>().pupils[0]?.displayName,
    ).toBe('Yanis');
    expect((await theirs.client.get(`${theirs.base}/pupils`)).json<RosterResponse>().classCode).toBeNull();
  });

  it('refuses pupils (403) and signed-out callers (401)', async () => {
    const { teacher, group, base } = await aTeacherWithAGroup();
    const pupil = await createPupil(ctx.db, { schoolId: teacher.schoolId, groupIds: [group.id] });
    const asPupil = await signInAsPupil(ctx, pupil.id);
    expect((await asPupil.get(`${base}/pupils`)).statusCode).toBe(403);
    expect((await asPupil.get(`${base}/cards`)).statusCode).toBe(403);
    expect((await apiClient(ctx.app).get(`${base}/cards`)).statusCode).toBe(401);
  });
});

describe('the cards', () => {
  it('makes the class code once, gives each card pupil their pictures and a QR token', async () => {
    const { teacher, group, client, base } = await aTeacherWithAGroup();
    await client.post(`${base}/pupils`, { names: 'Chloé\nAdam' });
    // A card pupil made elsewhere without pictures gets them; an ENT pupil gets no card.
    const bare = await createPupil(ctx.db, {
      schoolId: teacher.schoolId,
      groupIds: [group.id],
      firstname: 'Basile',
    });
    const ent = await createPupil(ctx.db, {
      schoolId: teacher.schoolId,
      groupIds: [group.id],
      firstname: 'Enzo',
    });
    await ctx.db
      .insertInto('external_identities')
      .values({
        user_id: ent.id,
        provider: 'cas',
        issuer: 'cas',
        subject: `u-${ent.id}`,
        created_at: '2026-01-01',
        last_seen_at: '2026-01-01',
      })
      .execute();

    const response = await client.get(`${base}/cards`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const cards = response.json<CardsResponse>();
    expect(cards.groupTitle).toBe('CP Les hiboux');
    expect(cards.classCode).toHaveLength(CLASS_CODE_LENGTH);
    for (const char of cards.classCode) expect(UNAMBIGUOUS_ALPHABET).toContain(char);
    expect(cards.cards.map((card) => card.displayName)).toEqual(['Adam', 'Basile', 'Chloé']);
    for (const card of cards.cards) {
      expect(card.pictures).toHaveLength(PICTURE_CODE_LENGTH);
      expect(card.qrToken).toMatch(new RegExp(`^${card.pupilId}\\.1\\.[A-Za-z0-9_-]{43}$`));
    }
    expect(cards.cards.find((card) => card.pupilId === bare.id)).toBeDefined();
    // Asked again: the same code, pictures and tokens (nothing is stored of the tokens).
    expect((await client.get(`${base}/cards`)).json()).toEqual(cards);
    expect((await client.get(`${base}/pupils`)).json<RosterResponse>().classCode).toBe(cards.classCode);
    const keys = await ctx.db.selectFrom('signing_keys').select('name').execute();
    expect(keys.map((key) => key.name)).toContain('pupil-card');
    const stored = JSON.stringify(await ctx.db.selectFrom('pupils').selectAll().execute());
    expect(stored).not.toContain(cards.cards[0]!.qrToken.split('.')[2]);
  });

  it('gives different groups different class codes', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const { client, base } = await aTeacherWithAGroup();
      codes.add((await client.get(`${base}/cards`)).json<CardsResponse>().classCode);
    }
    expect(codes.size).toBe(4);
  });

  it('« Nouvelles cartes »: new pictures and a new card version for each card pupil', async () => {
    const { client, base } = await aTeacherWithAGroup();
    await client.post(`${base}/pupils`, {
      names: Array.from({ length: 8 }, (_, i) => `Élève ${i}`).join('\n'),
    });
    const before = (await client.get(`${base}/cards`)).json<CardsResponse>();
    const renewed = await client.post(`${base}/cards/renew`);
    expect(renewed.statusCode).toBe(200);
    const after = renewed.json<CardsResponse>();
    expect(after.classCode).toBe(before.classCode);
    for (const card of after.cards) {
      const old = before.cards.find((c) => c.pupilId === card.pupilId)!;
      expect(card.qrToken).toMatch(new RegExp(`^${card.pupilId}\\.2\\.`));
      expect(card.qrToken).not.toBe(old.qrToken);
    }
    // 8 pupils × 4 pictures: the chance all stay the same is nil.
    expect(after.cards.map((c) => c.pictures)).not.toEqual(before.cards.map((c) => c.pictures));
  });
});
