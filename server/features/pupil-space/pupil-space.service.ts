// The pupil's space (/eleve, docs/pupils.md#lespace-de-lélève): their groups, and in each the
// activities their teacher gave them, in the learning table's order, each with the pupil's own
// state (to do, done, locked by the pupil's rule: the learning table's service decides it) and
// score. Reading it makes the pupil's missing entries, and writes nothing when none is missing.
import { httpMessages } from '../../../common/messages/http.js';
import { pupilDisplayName } from '../../../common/pupils.js';
import type { PupilActivity, PupilGroup } from '../../../common/schemas/pupil-space.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http-error.js';
import { addMissingPupilEntries, loadPupilEntries } from '../learning-table/learning-table.service.js';
import { findPupil, findPupilGroup, selectPupilGroups } from './pupil-space.repository.js';

const teacherName = (row: { teacher_firstname: string; teacher_name: string }) =>
  `${row.teacher_firstname} ${row.teacher_name}`.trim();

export async function listPupilGroups(
  db: Db,
  pupilId: number,
): Promise<{ pupil: { id: number; name: string }; groups: PupilGroup[] }> {
  const pupil = await findPupil(db, pupilId);
  if (!pupil) throw notFound(httpMessages.notFound);
  await addMissingPupilEntries(db, pupilId);
  const rows = await selectPupilGroups(db, pupilId);
  return {
    pupil: { id: pupil.id, name: pupilDisplayName(pupil) },
    groups: rows.map((row) => {
      const done = Number(row.done);
      return {
        id: row.id,
        title: row.title,
        teacher: teacherName(row),
        toDo: Number(row.given) - done,
        done,
      };
    }),
  };
}

export async function loadPupilGroup(
  db: Db,
  pupilId: number,
  groupId: number,
): Promise<{ group: { id: number; title: string; teacher: string }; activities: PupilActivity[] }> {
  const group = await findPupilGroup(db, pupilId, groupId);
  if (!group) throw notFound(httpMessages.notFound);
  const entries = await loadPupilEntries(db, group.id, pupilId);
  return {
    group: { id: group.id, title: group.title, teacher: teacherName(group) },
    activities: entries.map((entry) => ({
      entryId: entry.entry_id,
      title: entry.activity_title ?? '',
      lessonTitle: entry.lesson_title ?? '',
      sessionTitle: entry.session_title ?? '',
      state: entry.state,
      score: entry.score,
      dueDate: entry.due_date,
    })),
  };
}
