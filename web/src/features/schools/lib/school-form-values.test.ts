// The school form's mapping: what an admin's edits become on the wire, checked against the shared schema.
import { describe, expect, it } from 'vitest';
import { type School, schoolCreateSchema, schoolEditSchema } from '../../../../../common/schemas/schools.js';
import { newSchoolDefaults, schoolToFormValues, toCreatePayload, toEditPayload } from './school-form-values';

const school: School = {
  id: 7,
  schoolName: 'École des Lilas',
  city: 'Lyon',
  email: 'contact@lilas.fr',
  telephone: '0102030405',
  website: 'lilas.fr',
  addres: '3 rue des Lilas',
  remarque: 'Appeler le matin',
  activelicense: true,
  licensestartdate: '2026-01-01',
  licensesddate: '2026-12-31',
  licensespaymentdate: '2026-01-15',
  uai: '0750654D',
  teacherCount: 3,
  groupCount: 5,
};

describe('newSchoolDefaults', () => {
  it('starts the licence and the payment today, switched off (SPEC §9)', () => {
    const values = newSchoolDefaults();
    expect(values.licensestartdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(values.licensespaymentdate).toBe(values.licensestartdate);
    expect(values.activelicense).toBe(false);
  });

  it('once the required fields are filled, passes the server schema', () => {
    const values = {
      ...newSchoolDefaults(),
      schoolName: 'A',
      city: 'B',
      telephone: '01',
      licensesddate: '2099-01-01',
    };
    expect(schoolCreateSchema.safeParse(values).success).toBe(true);
  });
});

describe('toEditPayload', () => {
  it('sends every filled field, and the licence flag', () => {
    const payload = toEditPayload(schoolToFormValues(school), school);
    expect(payload).toMatchObject({ schoolName: 'École des Lilas', activelicense: true });
  });

  it('sends a cleared optional field as "vide", which the schema turns into an empty value', () => {
    const values = { ...schoolToFormValues(school), email: '', remarque: '  ' };
    const payload = toEditPayload(values, school);
    expect(payload).toMatchObject({ email: 'vide', remarque: 'vide' });
    expect(schoolEditSchema.parse(payload)).toMatchObject({ email: '', remarque: '' });
    const noUai = toEditPayload({ ...schoolToFormValues(school), uai: '' }, school);
    expect(noUai).toMatchObject({ uai: 'vide' });
    expect(schoolEditSchema.parse(noUai)).toMatchObject({ uai: '' });
  });

  it('drops an empty required field instead of clearing it, and leaves an already-empty optional one out', () => {
    const values = { ...schoolToFormValues({ ...school, website: '' }), city: '', website: '' };
    const payload = toEditPayload(values, { ...school, website: '' });
    expect(payload).not.toHaveProperty('city');
    expect(payload).not.toHaveProperty('website');
  });

  it('trims what it sends', () => {
    const payload = toEditPayload({ ...schoolToFormValues(school), city: '  Paris ' }, school);
    expect(payload.city).toBe('Paris');
  });
});

describe('toCreatePayload', () => {
  it("sends empty optional fields as 'vide' and keeps filled ones, in a body the server accepts", () => {
    const values = { ...newSchoolDefaults(), schoolName: 'École des Lilas', city: 'Lyon', telephone: '01' };
    const body = toCreatePayload({ ...values, licensesddate: '2099-01-01', website: 'lilas.fr' });
    expect(body).toMatchObject({
      email: 'vide',
      website: 'lilas.fr',
      remarque: 'vide',
      schoolName: 'École des Lilas',
    });
    expect(schoolCreateSchema.safeParse(body).success).toBe(true);
  });

  it('sends the UAI only when there is one', () => {
    const values = {
      ...newSchoolDefaults(),
      schoolName: 'A',
      city: 'B',
      telephone: '01',
      licensesddate: '2099-01-01',
    };
    expect(toCreatePayload(values)).not.toHaveProperty('uai');
    expect(toCreatePayload({ ...values, uai: '0750654D' })).toMatchObject({ uai: '0750654D' });
  });
});
