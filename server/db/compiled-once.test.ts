import { describe, expect, it } from 'vitest';
import { createSchool } from '../fixtures/factories.js';
import { setupTestApp } from '../test/helper.js';
import { compiledOnce } from './compiled-once.js';

const ctx = setupTestApp();

describe('compiledOnce', () => {
  it('runs the same query with each call’s values, keeping the query’s own constants', async () => {
    const lyon = await createSchool(ctx.db, { name: 'École de Lyon', city: 'Lyon' });
    const nice = await createSchool(ctx.db, { name: 'École de Nice', city: 'Nice' });
    const schoolsNamed = compiledOnce((db, values: { name: string; id: number }) =>
      db
        .selectFrom('schools')
        .select(['id', 'city'])
        .where((eb) => eb.or([eb('name', '=', values.name), eb('id', '=', values.id)]))
        .where('city', '!=', 'Paris')
        .orderBy('id'),
    );
    expect(await schoolsNamed(ctx.db, { name: 'École de Lyon', id: -1 })).toEqual([
      { id: lyon.id, city: 'Lyon' },
    ]);
    expect(await schoolsNamed(ctx.db, { name: 'nobody', id: nice.id })).toEqual([
      { id: nice.id, city: 'Nice' },
    ]);
    expect(await schoolsNamed(ctx.db, { name: 'École de Lyon', id: nice.id })).toHaveLength(2);
  });

  it('refuses a query that does not use every value as a parameter', async () => {
    const ignoresId = compiledOnce((db, _values: { id: number }) => db.selectFrom('schools').select('id'));
    await expect(ignoresId(ctx.db, { id: 1 })).rejects.toThrow(/every value/);
  });
});
