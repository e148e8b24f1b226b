// The teachers file: email;nom;prenom;telephone;uai;niveaux;remarque, and optionally quota. A teacher
// is matched by email, their school by its UAI. A new teacher has no password: they get a one-time sign-in link (in the
// import's answer, and by email when SMTP is set).
import { importMessages as m } from '../../../common/messages/imports.js';
import { importColumns, previewColumns } from '../../../common/schemas/imports.js';
import { conflict } from '../../http-error.js';
import { issueInviteLinks, NO_PASSWORD, newAccountColumns } from '../auth/accounts.service.js';
import {
  type ExistingAccount,
  findAccountsByEmail,
  insertAccounts,
  listLevelTitles,
  mapSchoolsByUai,
  replaceTeacherLevels,
  type SchoolByUai,
  updateAccount,
} from './import.repository.js';
import { levelKeys, type RowReader } from './import-fields.js';
import type { ImportDefinition } from './import-kind.js';

type Column = (typeof importColumns.teachers)[number];

export type TeacherImportRow = {
  email: string;
  name: string;
  firstname: string;
  telephone: string;
  schoolId: number;
  levelIds: number[];
  remarque: string;
  /** The quota cell: null when empty (a new teacher gets the school's default, a known one keeps theirs). */
  groupLimit: number | null;
  schoolDefaultGroupLimit: number | null;
};

type Context = { levels: Map<string, number>; schools: Map<string, SchoolByUai> };

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

export const teacherImport: ImportDefinition<Column, TeacherImportRow, ExistingAccount, Context> = {
  kind: 'teachers',
  entity: 'teacher',
  columns: importColumns.teachers,
  keyColumn: 'email',
  previewColumns: previewColumns.teachers,
  load: async (db) => {
    const [levels, schools] = await Promise.all([listLevelTitles(db), mapSchoolsByUai(db)]);
    return { levels: levelKeys(levels), schools };
  },

  read(cells: RowReader<Column>, { levels, schools }) {
    const email = cells.email('email', { required: true });
    const name = cells.required('nom');
    const firstname = cells.required('prenom');
    const telephone = cells.telephone('telephone');
    const uai = cells.uai('uai');
    const school = schools.get(uai);
    if (uai !== '' && cells.errors.every((error) => error !== m.invalidUai(uai)) && school === undefined) {
      cells.errors.push(m.unknownSchool(uai));
    }
    return {
      email,
      name,
      firstname,
      telephone,
      schoolId: school?.id ?? 0,
      levelIds: cells.levels('niveaux', levels),
      remarque: cells.text('remarque'),
      groupLimit: cells.groupLimit('quota'),
      schoolDefaultGroupLimit: school?.defaultGroupLimit ?? null,
    };
  },

  key: (row) => row.email,
  changedAt: (existing) => existing.updated_at,

  async findExisting(db, emails) {
    const accounts = await findAccountsByEmail(db, emails);
    return new Map(accounts.map((account) => [account.email, account]));
  },

  compare(row, existing) {
    if (existing.role !== 'teacher') return { error: m.adminEmail };
    const changes: [Column, boolean][] = [
      ['nom', row.name !== existing.name],
      ['prenom', row.firstname !== existing.firstname],
      ['telephone', row.telephone !== existing.telephone],
      ['uai', row.schoolId !== existing.school_id],
      ['niveaux', !sameIds(row.levelIds, existing.levelIds)],
      ['remarque', row.remarque !== existing.remarque],
      ['quota', row.groupLimit !== null && row.groupLimit !== existing.group_limit],
    ];
    return { changed: changes.filter(([, differs]) => differs).map(([column]) => column) };
  },

  async write(db, rows, context) {
    const stamp = context.now.toISOString();
    const created = rows.filter((item) => item.action === 'create').map((item) => item.row);
    const ids =
      created.length === 0
        ? new Map<string, number>()
        : await insertAccounts(
            db,
            created.map((row) => ({
              ...newAccountColumns(stamp),
              email: row.email,
              name: row.name,
              firstname: row.firstname,
              telephone: row.telephone,
              password_hash: NO_PASSWORD,
              role: 'teacher' as const,
              active: 1,
              school_id: row.schoolId,
              group_limit: row.groupLimit ?? row.schoolDefaultGroupLimit,
              remarque: row.remarque,
            })),
          );
    const updated = rows.filter((item) => item.action === 'update' && item.existing);
    for (const { line, row, existing } of updated) {
      const applied = await updateAccount(db, existing!.id, existing!.updated_at, {
        name: row.name,
        firstname: row.firstname,
        telephone: row.telephone,
        school_id: row.schoolId,
        ...(row.groupLimit === null ? {} : { group_limit: row.groupLimit }),
        remarque: row.remarque,
        updated_at: stamp,
      });
      if (!applied) throw conflict(m.changedSincePreview([{ line, key: row.email }]));
    }
    const relevelled = [
      ...created.map((row) => ({ id: ids.get(row.email)!, levelIds: row.levelIds })),
      ...updated
        .filter((item) => item.changed.includes('niveaux'))
        .map((item) => ({ id: item.existing!.id, levelIds: item.row.levelIds })),
    ];
    await replaceTeacherLevels(
      db,
      relevelled.map((teacher) => teacher.id),
      relevelled.flatMap((teacher) =>
        teacher.levelIds.map((levelId) => ({ user_id: teacher.id, level_id: levelId })),
      ),
    );
    if (created.length > 0) {
      const links = await issueInviteLinks(
        db,
        created.map((row) => ({
          id: ids.get(row.email)!,
          email: row.email,
          name: row.name,
          firstname: row.firstname,
        })),
        context,
      );
      await context.onLinks(links);
    }
  },
};
