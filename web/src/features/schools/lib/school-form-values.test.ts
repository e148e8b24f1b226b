// The school form's mapping: what an admin's edits become on the wire, checked against the shared schema.
import { describe, expect, it } from 'vitest';
import { entMessages } from '@/common/messages/ent.js';
import { type School, schoolCreateSchema, schoolEditSchema } from '@/common/schemas/schools.js';
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
  signInMethod: 'password',
  casUrl: '',
  casAttributes: {},
  levels: [{ id: 4, title: 'CM1' }],
  groupQuota: null,
  subscription: null,
  teacherCount: 3,
  groupCount: 5,
};

/** A new school's form with its required fields filled. */
const newSchoolFilled = () => ({
  ...newSchoolDefaults(),
  schoolName: 'A',
  city: 'B',
  telephone: '01',
  licensesddate: '2099-01-01',
});

describe('newSchoolDefaults', () => {
  it('starts the licence and the payment today, switched off (docs/product.md#business-constants-and-limits)', () => {
    const values = newSchoolDefaults();
    expect(values.licensestartdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(values.licensespaymentdate).toBe(values.licensestartdate);
    expect(values.activelicense).toBe(false);
  });

  it('once the required fields are filled, passes the server schema', () => {
    expect(schoolCreateSchema.safeParse(newSchoolFilled()).success).toBe(true);
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
    const body = toCreatePayload(
      schoolCreateSchema.parse({ ...values, licensesddate: '2099-01-01', website: 'lilas.fr' }),
    );
    expect(body).toMatchObject({
      email: 'vide',
      website: 'lilas.fr',
      remarque: 'vide',
      schoolName: 'École des Lilas',
    });
    expect(schoolCreateSchema.safeParse(body).success).toBe(true);
  });

  it('sends the UAI and the ENT fields only when they say something: else the spec body exactly', () => {
    const values = newSchoolFilled();
    const plain = toCreatePayload(schoolCreateSchema.parse(values));
    for (const key of ['uai', 'signInMethod', 'casUrl', 'casAttributes', 'levels', 'groupQuota']) {
      expect(plain).not.toHaveProperty(key);
    }
    const ent = toCreatePayload(
      schoolCreateSchema.parse({
        ...values,
        uai: '0750654d',
        signInMethod: 'cas',
        casUrl: 'https://cas.ent.test/cas/',
        casAttributes: { ...values.casAttributes, NOM: 'sn' },
        levels: [3, 5],
        groupQuota: '4',
      }),
    );
    expect(ent).toMatchObject({
      uai: '0750654D',
      signInMethod: 'cas',
      casUrl: 'https://cas.ent.test/cas',
      casAttributes: { NOM: 'sn' },
      levels: [3, 5],
      groupQuota: 4,
    });
    expect(schoolCreateSchema.safeParse(ent).success).toBe(true);
  });

  it('asks for the CAS server when the school signs in through CAS', () => {
    const values = newSchoolFilled();
    const result = schoolCreateSchema.safeParse({ ...values, signInMethod: 'cas' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['casUrl'], message: entMessages.casUrlRequired });
    for (const casUrl of ['ftp://cas.test', 'http://cas.ent.test/cas', 'https://cas.test/cas?x=1']) {
      expect(schoolCreateSchema.safeParse({ ...values, signInMethod: 'cas', casUrl }).success, casUrl).toBe(
        false,
      );
    }
  });
});

describe('toEditPayload with the ENT fields', () => {
  it('sends the levels, the mapping and the method as they stand, and an emptied quota as no limit', () => {
    const values = { ...schoolToFormValues({ ...school, groupQuota: 3 }), groupQuota: '', levels: [] };
    const payload = toEditPayload(values, { ...school, groupQuota: 3 });
    expect(payload).toMatchObject({ signInMethod: 'password', levels: [], groupQuota: null });
    expect(schoolEditSchema.parse(payload)).toMatchObject({
      levels: [],
      groupQuota: null,
      casAttributes: {},
    });
  });
});
