// The schools file: uai;nom;ville;adresse;email;telephone;site;debut_licence;fin_licence;niveaux;remarque.
// A school is matched by its UAI (checked with its key letter). A new school's licence is switched
// on (its dates decide whether teachers may sign in); an update never touches that switch.
// `niveaux` (the levels the licence includes) is checked against the levels; it is written once the
// schools' included levels of the ENT work (issue 20, table school_levels) are merged here.
import { importMessages as m } from '../../../common/messages/imports.js';
import { importColumns, previewColumns } from '../../../common/schemas/imports.js';
import {
  type ExistingSchool,
  findSchoolsByUai,
  insertSchools,
  listLevelTitles,
  updateSchool,
} from './import.repository.js';
import { levelKeys, type RowReader } from './import-fields.js';
import type { ImportDefinition } from './import-kind.js';

type Column = (typeof importColumns.schools)[number];

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

  async findExisting(db, uais) {
    const schools = await findSchoolsByUai(db, uais);
    return new Map(schools.map((school) => [school.uai!, school]));
  },

  compare(row, existing) {
    const columns = Object.keys(fields) as (keyof typeof fields)[];
    return { changed: columns.filter((column) => row[fields[column]] !== existing[fields[column]]) };
  },

  async write(db, rows, { now }) {
    const stamp = now.toISOString();
    const created = rows.filter((item) => item.action === 'create');
    if (created.length > 0) {
      await insertSchools(
        db,
        created.map(({ row }) => ({
          ...columnsOf(row),
          uai: row.uai,
          active_license: 1,
          license_payment_date: '',
          created_at: stamp,
          updated_at: stamp,
        })),
      );
    }
    for (const { row, existing, action } of rows) {
      if (action === 'update' && existing)
        await updateSchool(db, existing.id, { ...columnsOf(row), updated_at: stamp });
    }
  },
};
