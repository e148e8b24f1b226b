// Turns teacher rows into the spec's Teacher JSON (SPEC §3 "Teacher (list)"): the school as its name,
// the levels as text, plus the ids the edit form prefills.
import type { Teacher } from '../../../common/schemas/teachers.js';
import type { TeacherLevelRow, TeacherListRow } from './teacher.repository.js';

export function groupLevelsByTeacher(levels: TeacherLevelRow[]): Map<number, TeacherLevelRow[]> {
  const byTeacher = new Map<number, TeacherLevelRow[]>();
  for (const level of levels) {
    const list = byTeacher.get(level.user_id);
    if (list) list.push(level);
    else byTeacher.set(level.user_id, [level]);
  }
  return byTeacher;
}

export function presentTeacher(row: TeacherListRow, levels: TeacherLevelRow[] = []): Teacher {
  return {
    id: row.id,
    name: row.name,
    firstname: row.firstname,
    email: row.email,
    telephone: row.telephone,
    school: row.school_name ?? '',
    schoolId: row.school_id,
    level: levels.map((level) => level.title).join(', '),
    levelIds: levels.map((level) => level.id),
    active: row.active === 1,
    remarque: row.remarque,
    groupCount: Number(row.group_count ?? 0),
    Groups: row.group_limit,
  };
}
