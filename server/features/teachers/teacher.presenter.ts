// Turns teacher rows into the spec's Teacher JSON (docs/product.md#entities-and-their-fields ("Teacher (list)")): the school as its name,
// the levels as text, plus the ids the edit form prefills.
import { shownEmail } from '../../../common/ent-email.js';
import type { SignInMethod } from '../../../common/schemas/ent.js';
import type { Teacher } from '../../../common/schemas/teachers.js';
import type { LevelLinks, TeacherListRow } from './teacher.repository.js';

type TeacherLevel = { id: number; title: string };

/** Each teacher's levels, in the order of `levels` (by title). */
export function groupLevelsByTeacher({ levels, links }: LevelLinks): Map<number, TeacherLevel[]> {
  const rankOf = new Map(levels.map((level, rank) => [level.id, rank]));
  const byTeacher = new Map<number, TeacherLevel[]>();
  for (const link of links) {
    const rank = rankOf.get(link.level_id);
    if (rank === undefined) continue;
    const list = byTeacher.get(link.user_id);
    if (list) list.push(levels[rank]!);
    else byTeacher.set(link.user_id, [levels[rank]!]);
  }
  for (const list of byTeacher.values()) {
    if (list.length > 1) list.sort((a, b) => rankOf.get(a.id)! - rankOf.get(b.id)!);
  }
  return byTeacher;
}

/** Each account's ENTs. */
export function groupProvidersByTeacher(rows: Array<{ user_id: number; provider: SignInMethod }>) {
  const byTeacher = new Map<number, SignInMethod[]>();
  for (const row of rows) byTeacher.set(row.user_id, [...(byTeacher.get(row.user_id) ?? []), row.provider]);
  return byTeacher;
}

export function presentTeacher(
  row: TeacherListRow,
  levels: TeacherLevel[] = [],
  providers: SignInMethod[] = [],
): Teacher {
  return {
    id: row.id,
    name: row.name,
    firstname: row.firstname,
    // An account made from an ENT that sent no address has a placeholder, shown as none.
    email: shownEmail(row.email),
    telephone: row.telephone,
    school: row.school_name ?? '',
    schoolId: row.school_id,
    level: levels.map((level) => level.title).join(', '),
    levelIds: levels.map((level) => level.id),
    active: row.active === 1,
    remarque: row.remarque,
    groupCount: Number(row.group_count ?? 0),
    Groups: row.group_limit,
    signIn: [
      ...(row.has_password === true || Number(row.has_password) === 1 ? (['password'] as const) : []),
      ...[...providers].sort(),
    ],
  };
}
