// The teacher form's mapping: create and edit bodies in the spec's shape, accepted by the shared schema.
import { describe, expect, it } from 'vitest';
import { type Teacher, teacherCreateSchema, teacherEditSchema } from '@/common/schemas/teachers.js';
import {
  emptyValues,
  type Options,
  teacherToFormValues,
  toCreateBody,
  toEditBody,
} from './teacher-form-values';

const options: Options = {
  success: true,
  schools: [{ id: 4, name: 'École des Lilas' }],
  levels: [
    { id: 1, title: 'CP' },
    { id: 2, title: 'CE1' },
  ],
};

const teacher: Teacher = {
  id: 9,
  name: 'Martin',
  firstname: 'Camille',
  email: 'camille.martin@lilas.fr',
  telephone: '0600000000',
  school: 'École des Lilas',
  schoolId: 4,
  level: 'CP',
  levelIds: [1],
  active: true,
  remarque: 'Remplaçante',
  groupCount: 2,
  Groups: 3,
  signIn: ['password'],
};

describe('toCreateBody', () => {
  it('sends the school as a number, levels as {id, title} and an empty limit as ""', () => {
    const values = {
      ...emptyValues,
      name: 'Martin',
      firstname: 'Camille',
      school: '4',
      levels: [2],
      Email: 'C.Martin@Lilas.fr',
      telephone: '06',
      password: 'long-enough',
    };
    const body = toCreateBody(values, options);
    expect(body).toMatchObject({ school: 4, levels: [{ id: 2, title: 'CE1' }], Groups: '' });
    const parsed = teacherCreateSchema.parse(body);
    expect(parsed).toMatchObject({ levels: [2], Groups: null, Email: 'c.martin@lilas.fr' });
  });
});

describe('toEditBody', () => {
  it('keeps what the form shows, without the empty password', () => {
    const body = toEditBody(teacherToFormValues(teacher), teacher, options);
    expect(body).toMatchObject({ name: 'Martin', school: 4, levels: [{ id: 1, title: 'CP' }], Groups: 3 });
    expect(body).not.toHaveProperty('password');
    expect(teacherEditSchema.safeParse(body).success).toBe(true);
  });

  it('removes the group limit with null and clears the remark with "vide"', () => {
    const values = { ...teacherToFormValues(teacher), Groups: ' ', remarque: '' };
    const body = toEditBody(values, teacher, options);
    expect(body).toMatchObject({ Groups: null, remarque: 'vide' });
    expect(teacherEditSchema.parse(body)).toMatchObject({ Groups: null, remarque: '' });
  });

  it('sends an empty level list when every level is unticked (the teacher loses them all)', () => {
    const body = toEditBody({ ...teacherToFormValues(teacher), levels: [] }, teacher, options);
    expect(body.levels).toEqual([]);
  });
});
