// Queries that run on every request (the session behind a token, the group of a learning table)
// are compiled once per database: building and compiling a Kysely query costs several times what
// running such a small indexed query costs. The query is built with placeholder values, compiled,
// and each call puts its own values in the placeholders' places.
import type { Compilable, CompiledQuery } from 'kysely';
import { type Db, prepareOncePerConnection } from './database.js';

type Values = Record<string, string | number>;

/** Marks a placeholder; no real value starts with a NUL character. */
const PLACEHOLDER_PREFIX = '\u0000';

/**
 * `build` must use every value as a plain value (not in `$if` or anything that changes the query's
 * shape); the query's other parameters (constants) are kept as compiled.
 */
export function compiledOnce<V extends Values, Row>(
  build: (db: Db, values: V) => Compilable<Row>,
): (db: Db, values: V) => Promise<Row[]> {
  const compiled = new WeakMap<Db, { query: CompiledQuery<Row>; slots: (keyof V | null)[] }>();
  return async (db, values) => {
    let entry = compiled.get(db);
    if (!entry) {
      const placeholders = Object.fromEntries(
        Object.keys(values).map((key) => [key, `${PLACEHOLDER_PREFIX}${key}`]),
      ) as V;
      const query = build(db, placeholders).compile();
      const slots = query.parameters.map((parameter) =>
        typeof parameter === 'string' && parameter.startsWith(PLACEHOLDER_PREFIX)
          ? (parameter.slice(PLACEHOLDER_PREFIX.length) as keyof V)
          : null,
      );
      if (new Set(slots.filter((slot) => slot !== null)).size !== Object.keys(values).length) {
        throw new Error('compiledOnce: every value must be a parameter of the query');
      }
      prepareOncePerConnection(query.sql);
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((parameter, i) => {
      const slot = slots[i];
      return slot === null || slot === undefined ? parameter : values[slot];
    });
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
