// The write pass of a shared tablet (docs/pupils.md#la-tablette-partagée): a pupil's kept writes
// reach the server under that pupil after they signed out, sent with the next pupil's token; the
// pass opens that entry's writes only, for a bounded time, while the pupil may still sign in.
import { describe, expect, it } from 'vitest';
import { WRITE_PASS_MS } from '../../../common/pupils.js';
import type { ActivityLaunchResponse } from '../../../common/schemas/activity-runtime.js';
import { scorm12Commit } from '../../../common/test/scorm-commits.js';
import { type ApiClient, apiClient, setupTestApp } from '../../test/helper.js';
import { pupilWithOwnEntry } from '../../test/pupil-helpers.js';
import { signWritePass } from '../auth/write-pass.js';
import { launch, newLaunchId, teacherWithActivities, write } from '../runtime/runtime.factories.js';

const ctx = setupTestApp();

async function twoPupilsOnATablet() {
  const setup = await teacherWithActivities(ctx, 'scorm12', 2);
  const group = { schoolId: setup.teacher.schoolId, groupId: setup.groupId };
  const make = async (firstname: string) => {
    const { pupil, entry, client } = await pupilWithOwnEntry(ctx, group, setup.entryIds[0]!, firstname);
    return { pupil, entryId: entry.id, client };
  };
  return { setup, a: await make('Alice'), b: await make('Bruno') };
}

const done = (score: string) =>
  scorm12Commit({ 'cmi.core.lesson_status': 'completed', 'cmi.core.score.raw': score });

const sendWith = (client: ApiClient, entryId: number, pass: string, score = '70') =>
  client.request({
    method: 'POST',
    url: `/api/user/activity/runtime/${entryId}`,
    headers: { 'x-ardoise-write-pass': pass },
    payload: { writes: [write(newLaunchId(), 1, 'scorm12', done(score))] },
  });

const entryOf = (id: number) =>
  ctx.db
    .selectFrom('group_activities')
    .select(['status', 'score', 'pupil_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the write pass', () => {
  it('is given with a pupil’s launch only, and carries a signed-out pupil’s writes to their own entry under the next pupil’s token', async () => {
    const { setup, a, b } = await twoPupilsOnATablet();
    expect((await launch(setup.client, setup.entryIds[0]!)).writePass).toBeUndefined();
    const { writePass } = await launch(a.client, a.entryId);
    expect(writePass).toMatch(new RegExp(`^${a.entryId}\\.${a.pupil.id}\\.\\d+\\.[\\w-]{43}$`));

    // Alice signs out; Bruno signs in on the same tablet; Alice's kept write goes with Bruno's token.
    await ctx.db.deleteFrom('auth_sessions').where('user_id', '=', a.pupil.id).execute();
    const sent = await sendWith(b.client, a.entryId, writePass!);
    expect(sent.statusCode).toBe(200);
    expect(await entryOf(a.entryId)).toEqual({ status: 'completed', score: 70, pupil_id: a.pupil.id });
    expect(await entryOf(b.entryId)).toMatchObject({ status: 'pending', score: null });

    // Without any token too (the tablet between two pupils), and the marks the relay asks for.
    const marks = await apiClient(ctx.app).request({
      method: 'GET',
      url: `/api/user/activity/runtime/${a.entryId}?launches=${newLaunchId()}`,
      headers: { 'x-ardoise-write-pass': writePass! },
    });
    expect(marks.statusCode).toBe(200);
  });

  it('opens nothing else: another entry, the launch, a forged or expired pass, a pupil who may no longer sign in, an activity taken back', async () => {
    const { setup, a, b } = await twoPupilsOnATablet();
    const { writePass } = (
      await a.client.get(`/api/user/activity/launch/${a.entryId}`)
    ).json<ActivityLaunchResponse>();
    const anonymous = apiClient(ctx.app);

    // Bound to its entry: on Bruno's entry the pass is not Bruno's, so Bruno's own token decides.
    expect((await sendWith(anonymous, b.entryId, writePass!)).statusCode).toBe(401);
    expect((await sendWith(setup.client, setup.entryIds[0]!, writePass!)).statusCode).toBe(200); // the teacher's own
    expect(await entryOf(b.entryId)).toMatchObject({ score: null });
    expect(
      (
        await anonymous.request({
          method: 'GET',
          url: `/api/user/activity/launch/${a.entryId}`,
          headers: { 'x-ardoise-write-pass': writePass! },
        })
      ).statusCode,
    ).toBe(401);

    const forged = `${writePass!.slice(0, -2)}${writePass!.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherPupil = writePass!.replace(`.${a.pupil.id}.`, `.${b.pupil.id}.`);
    const expired = await signWritePass(
      ctx.db,
      a.entryId,
      a.pupil.id,
      new Date(Date.now() - WRITE_PASS_MS - 1000),
    );
    for (const pass of [forged, otherPupil, expired, 'nonsense']) {
      expect((await sendWith(anonymous, a.entryId, pass)).statusCode).toBe(401);
    }

    await ctx.db.updateTable('users').set({ active: 0 }).where('id', '=', a.pupil.id).execute();
    expect((await sendWith(anonymous, a.entryId, writePass!)).statusCode).toBe(401);
    await ctx.db.updateTable('users').set({ active: 1 }).where('id', '=', a.pupil.id).execute();

    await ctx.db.deleteFrom('group_assignments').where('group_id', '=', setup.groupId).execute();
    expect((await sendWith(anonymous, a.entryId, writePass!)).statusCode).toBe(404);
    expect(await entryOf(a.entryId)).toMatchObject({ status: 'pending', score: null });
  });
});
