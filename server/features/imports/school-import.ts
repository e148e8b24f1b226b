// The schools file: uai;nom;ville;adresse;email;telephone;site;debut_licence;fin_licence;niveaux;remarque.
// A school is matched by its UAI (checked with its key letter). A new school's licence is switched
// on (its dates decide whether teachers may sign in); an update never touches that switch.
// `niveaux` are the levels the licence includes (what an account made through the ENT gets). A
// school whose licence the import creates or changes has its GAR subscription planned, as a change
// made on its form would.
import { importMessages as m } from '../../../common/messages/imports.js';
import { importColumns, previewColumns } from '../../../common/schemas/imports.js';
import { conflict } from '../../http-error.js';
import { planSubscription } from '../gar-subscriptions/subscription.service.js';
import {
  type ExistingSchool,
  findSchoolsById,
  findSchoolsByUai,
  insertSchools,
  listLevelTitles,
  replaceLevelsOfSchools,
  updateSchool,
} from './import.repository.js';
import { levelKeys, type RowReader } from './import-fields.js';
import type { ImportDefinition } from './import-kind.js';

type Column = (typeof importColumns.schools)[number];

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

export type SchoolImportRow = {
  uai: string;
  name: string;
  city: string;
  address: string;
  email: string;
  telephone: string;
  website: string;
  license_start_date: string;
  license_end_date: string;
  levelIds: number[];
  remarque: string;
};

/** The school columns an import writes, by the file's column names. */
const fields = {
  nom: 'name',
  ville: 'city',
  adresse: 'address',
  email: 'email',
  telephone: 'telephone',
  site: 'website',
  debut_licence: 'license_start_date',
  fin_licence: 'license_end_date',
  remarque: 'remarque',
} as const satisfies Partial<Record<Column, keyof SchoolImportRow & keyof ExistingSchool>>;

type SchoolColumns = Pick<SchoolImportRow, (typeof fields)[keyof typeof fields]>;
const columnsOf = (row: SchoolImportRow): SchoolColumns =>
  Object.fromEntries(Object.values(fields).map((field) => [field, row[field]])) as SchoolColumns;

export const schoolImport: ImportDefinition<Column, SchoolImportRow, ExistingSchool, Map<string, number>> = {
  kind: 'schools',
  entity: 'school',
  columns: importColumns.schools,
  keyColumn: 'uai',
  previewColumns: previewColumns.schools,
  load: async (db) => levelKeys(await listLevelTitles(db)),

  read(cells: RowReader<Column>, levels) {
    const row: SchoolImportRow = {
      uai: cells.uai('uai'),
      name: cells.required('nom'),
      city: cells.required('ville'),
      address: cells.text('adresse'),
      email: cells.email('email', { required: false }),
      telephone: cells.telephone('telephone'),
      website: cells.website('site'),
      license_start_date: cells.date('debut_licence'),
      license_end_date: cells.date('fin_licence'),
      levelIds: cells.levels('niveaux', levels),
      remarque: cells.text('remarque'),
    };
    if (row.license_start_date && row.license_end_date && row.license_end_date < row.license_start_date) {
      cells.errors.push(m.endBeforeStart);
    }
    return row;
  },

  key: (row) => row.uai,
  changedAt: (existing) => existing.updated_at,

  async findExisting(db, uais) {
    const schools = await findSchoolsByUai(db, uais);
    return new Map(schools.map((school) => [school.uai!, school]));
  },

  compare(row, existing) {
    const columns = Object.keys(fields) as (keyof typeof fields)[];
    const changed: Column[] = columns.filter((column) => row[fields[column]] !== existing[fields[column]]);
    if (!sameIds(row.levelIds, existing.levelIds)) changed.push('niveaux');
    return { changed };
  },

  async write(db, rows, { now, subscriptions }) {
    const stamp = now.toISOString();
    const created = rows.filter((item) => item.action === 'create').map((item) => item.row);
    const ids =
      created.length === 0
        ? new Map<string, number>()
        : await insertSchools(
            db,
            created.map((row) => ({
              ...columnsOf(row),
              uai: row.uai,
              active_license: 1,
              license_payment_date: '',
              created_at: stamp,
              updated_at: stamp,
            })),
          );
    const updated = rows.filter((item) => item.action === 'update' && item.existing);
    for (const { line, row, existing } of updated) {
      if (
        !(await updateSchool(db, existing!.id, existing!.updated_at, {
          ...columnsOf(row),
          updated_at: stamp,
        }))
      )
        throw conflict(m.changedSincePreview([{ line, key: row.uai }]));
    }
    const written = [
      ...created.map((row) => ({ id: ids.get(row.uai)!, levelIds: row.levelIds })),
      ...updated.map(({ row, existing }) => ({ id: existing!.id, levelIds: row.levelIds })),
    ];
    await replaceLevelsOfSchools(db, written);
    for (const school of await findSchoolsById(
      db,
      written.map((item) => item.id),
    )) {
      await planSubscription(db, subscriptions, school);
    }
  },
};
