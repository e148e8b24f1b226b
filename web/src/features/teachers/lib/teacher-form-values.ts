// The teacher form's values and the bodies they become (docs/product.md#entities-and-their-fields ("Teacher (form)"), docs/product.md#validation-rules): pure
// mapping, kept apart from the component so that it is unit-tested.
import { VIDE } from '@/common/schemas/admin-fields.js';
import type {
  LevelsAndSchoolsResponse,
  Teacher,
  TeacherCreateInput,
  TeacherEditInput,
} from '@/common/schemas/teachers.js';

export type TeacherFormValues = {
  name: string;
  firstname: string;
  school: string;
  levels: number[];
  Groups: string;
  Email: string;
  compteactife: boolean;
  telephone: string;
  password: string;
  remarque: string;
};

export const emptyValues: TeacherFormValues = {
  name: '',
  firstname: '',
  school: '',
  levels: [],
  Groups: '',
  Email: '',
  compteactife: true,
  telephone: '',
  password: '',
  remarque: '',
};

export const teacherToFormValues = (teacher: Teacher): TeacherFormValues => ({
  name: teacher.name,
  firstname: teacher.firstname,
  school: teacher.schoolId === null ? '' : String(teacher.schoolId),
  levels: teacher.levelIds,
  Groups: teacher.Groups === null ? '' : String(teacher.Groups),
  Email: teacher.email,
  compteactife: teacher.active,
  telephone: teacher.telephone,
  password: '',
  remarque: teacher.remarque,
});

export type Options = LevelsAndSchoolsResponse;

const levelsOf = (ids: number[], options: Options) =>
  options.levels.filter((level) => ids.includes(level.id)).map(({ id, title }) => ({ id, title }));

/** The create body in the spec's shape: levels as {id, title}, Groups a number or empty. */
export function toCreateBody(values: TeacherFormValues, options: Options): TeacherCreateInput {
  return {
    ...values,
    school: Number(values.school),
    levels: levelsOf(values.levels, options),
    Groups: values.Groups.trim() === '' ? '' : Number(values.Groups),
  };
}

/** The edit body: non-empty fields only (docs/product.md#validation-rules); levels, the limit and the flag as they now are. */
export function toEditBody(values: TeacherFormValues, original: Teacher, options: Options): TeacherEditInput {
  const body: Record<string, unknown> = {
    levels: levelsOf(values.levels, options),
    compteactife: values.compteactife,
  };
  for (const key of ['name', 'firstname', 'Email', 'telephone'] as const) {
    if (values[key].trim()) body[key] = values[key].trim();
  }
  if (values.school) body.school = Number(values.school);
  if (values.password) body.password = values.password;
  if (values.Groups.trim()) body.Groups = Number(values.Groups);
  else if (original.Groups !== null) body.Groups = null;
  if (values.remarque.trim()) body.remarque = values.remarque.trim();
  else if (original.remarque) body.remarque = VIDE;
  return body as TeacherEditInput;
}
