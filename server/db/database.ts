// Opens the database: SQLite (better-sqlite3, WAL, foreign keys on) by default, PostgreSQL when
// DATABASE_URL is a postgres URL. Everything above this file speaks Kysely and does not care which.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DbKind = Config['database']['kind'];

// COUNT(*) and BIGINT come back from pg as strings; our ids and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** The PostgreSQL pool behind each database handle (for its counts and its kind). */
const pools = new WeakMap<Db, pg.Pool>();

/** The pool of a PostgreSQL handle; undefined for SQLite. */
export function postgresPool(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

export function openDatabase(database: Config['database']): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection that the server closes (restart, failover, database dropped) is reported
    // here; without a listener that error would crash the process. The pool drops that client and
    // opens a new one when next needed; a query in flight gets its own error.
    pool.on('error', () => undefined);
    // The same for a connection in use: its query in flight rejects on its own, and the pool
    // destroys the broken client when it comes back.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
    pools.set(db, pool);
    return db;
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** Resolves when the database answers a trivial query (the readiness check). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** SQL texts that run on every request, by the name PostgreSQL prepares them under. */
const namedStatements = new Map<string, string>();

/**
 * Marks a query's SQL as run on every request: PostgreSQL then parses and plans it once per
 * connection (a named prepared statement) instead of on each run. Only for a fixed set of texts:
 * prepared statements stay on their connection for its whole life. (SQLite reuses every
 * statement already.)
 */
export function prepareOncePerConnection(sql: string): void {
  if (!namedStatements.has(sql)) namedStatements.set(sql, `ardoise_${namedStatements.size + 1}`);
}

function withNamedStatements(pool: pg.Pool): PostgresPool {
  // One wrapper per pooled client: Kysely keeps its connection object per client it is handed.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = (textOrCursor: string, values: unknown[]) => {
      const name = typeof textOrCursor === 'string' ? namedStatements.get(textOrCursor) : undefined;
      return name ? client.query({ name, text: textOrCursor, values }) : client.query(textOrCursor, values);
    };
    return {
      // Same call as pg's own client: Kysely's cursor overload passes through untouched.
      query: query as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };
  return {
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
  };
}

/** How many prepared statements are kept: our queries have a few hundred shapes at most. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running the small indexed queries
 * that each request makes (session, group). Statements are reused by SQL text, least recently used
 * dropped first. A statement still being iterated is busy and is not handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}
