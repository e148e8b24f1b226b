// The licence rule's two forms agree: for licences around today, the SQL twin selects exactly the
// schools the TypeScript rule lets in, on the database of this run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDay } from '../../../common/licence.js';
import { createSchool, daysFromToday } from '../../fixtures/factories.js';
import { setupTestApp } from '../../test/helper.js';
import { licenceLetsTeachersIn, licenceLetsTeachersInSql, licenceRefusal } from './licence.js';

const ctx = setupTestApp();

describe('the licence rule', () => {
  it('names why a licence refuses', () => {
    const now = new Date();
    const open = {
      active_license: 1,
      license_start_date: daysFromToday(-1),
      license_end_date: daysFromToday(1),
    };
    expect(licenceRefusal(open, now)).toBeNull();
    expect(licenceRefusal({ ...open, active_license: 0 }, now)).toBe('inactive');
    expect(licenceRefusal({ ...open, license_start_date: daysFromToday(1) }, now)).toBe('notStarted');
    expect(licenceRefusal({ ...open, license_end_date: daysFromToday(-1) }, now)).toBe('expired');
    // Both bounds are inclusive.
    expect(
      licenceRefusal({ ...open, license_start_date: isoDay(now), license_end_date: isoDay(now) }, now),
    ).toBeNull();
  });

  it('is the same in TypeScript and in SQL', async () => {
    const licence = fc.record({
      active_license: fc.constantFrom(0, 1),
      license_start_date: fc.integer({ min: -3, max: 3 }).map(daysFromToday),
      license_end_date: fc.integer({ min: -3, max: 3 }).map(daysFromToday),
    });
    const licences = fc.sample(licence, { numRuns: 40, seed: 14 });
    const ids: number[] = [];
    for (const values of licences) ids.push((await createSchool(ctx.db, values)).id);
    const now = new Date();
    const letIn = await ctx.db
      .selectFrom('schools as school')
      .select('school.id')
      .where('school.id', 'in', ids)
      .where(licenceLetsTeachersInSql('school', isoDay(now)))
      .orderBy('school.id')
      .execute();
    const expected = ids.filter((_, i) => licenceLetsTeachersIn(licences[i]!, now));
    expect(letIn.map((row) => row.id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });
});
