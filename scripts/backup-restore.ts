// What `npm run backup` and `npm run restore` share: a backup folder holds the database (SQLite
// online backup, or a pg_dump custom-format archive), the file store (without tmp/) and a
// manifest. Taken while the server runs; restored only into an empty DATA_DIR and database.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../server/config.js';

const MANIFEST = 'manifest.json';
const SQLITE_COPY = 'database.sqlite';
const PG_DUMP = 'database.dump';
const FILES = 'files';

type Manifest = { format: 1; createdAt: string; database: Config['database']['kind']; files: number };

export class BackupError extends Error {}

/**
 * Copies the database and the file store into `dir` (absent or empty). Files are content-addressed
 * and never change in place, so copying them around the database snapshot is consistent: every
 * file a row of the snapshot names existed when the snapshot was taken, and is copied by the pass
 * before it or the pass after it.
 */
export async function backup(config: Config, dir: string): Promise<Manifest> {
  await requireEmptyFolder(dir, 'The backup folder');
  await fs.mkdir(path.join(dir, FILES), { recursive: true });
  await copyFiles(config.filesDir, path.join(dir, FILES));
  if (config.database.kind === 'sqlite') {
    // The online backup API: a consistent copy while the server keeps reading and writing. All
    // pages go in one step: copied in small steps, each write of the server would restart it.
    // (WAL mode: that step's read transaction does not hold the server's writes back.)
    const live = new SQLite(config.database.file, { readonly: true, fileMustExist: true });
    try {
      await live.backup(path.join(dir, SQLITE_COPY), { progress: () => 0x7fffffff });
    } finally {
      live.close();
    }
  } else {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${path.join(dir, PG_DUMP)}`,
      config.database.url,
    ]);
  }
  const files = await copyFiles(config.filesDir, path.join(dir, FILES));
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: config.database.kind,
    files,
  };
  await fs.writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Puts a backup back into an empty DATA_DIR and an empty database of the same kind. */
export async function restore(config: Config, dir: string): Promise<Manifest> {
  const manifest = await readManifest(dir);
  if (manifest.database !== config.database.kind) {
    throw new BackupError(
      `This backup holds a ${manifest.database} database but the target is ${config.database.kind}: restore it into the same kind`,
    );
  }
  await requireEmptyFolder(config.filesDir, 'The target file store (DATA_DIR/files)');
  if (config.database.kind === 'sqlite') {
    if (await exists(config.database.file)) {
      throw new BackupError(
        `The target database ${config.database.file} already exists: restore needs an empty DATA_DIR`,
      );
    }
    await fs.mkdir(path.dirname(config.database.file), { recursive: true });
    await fs.copyFile(path.join(dir, SQLITE_COPY), config.database.file);
  } else {
    await requireEmptyPostgres(config.database.url);
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${config.database.url}`,
      path.join(dir, PG_DUMP),
    ]);
  }
  await fs.mkdir(config.filesDir, { recursive: true });
  await copyFiles(path.join(dir, FILES), config.filesDir);
  return manifest;
}

async function readManifest(dir: string): Promise<Manifest> {
  try {
    const manifest = JSON.parse(await fs.readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format === 1) return manifest;
  } catch {
    // reported below
  }
  throw new BackupError(`${dir} is not an Ardoise backup (no readable ${MANIFEST})`);
}

/** Copies every file under `from` (except tmp/, uploads in progress) that `to` lacks; returns how many
 * files `to` holds. Existing files are kept: the same key always holds the same bytes. */
async function copyFiles(from: string, to: string): Promise<number> {
  let count = 0;
  const entries = await fs.readdir(from, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = path.relative(from, path.join(entry.parentPath, entry.name));
    if (relative.split(path.sep)[0] === 'tmp') continue;
    const target = path.join(to, relative);
    if (!(await exists(target))) {
      await fs.mkdir(path.dirname(target), { recursive: true });
      // A file removed since the listing (its row deleted) is simply not part of the backup.
      const copied = await fs.copyFile(path.join(from, relative), target).then(
        () => true,
        () => false,
      );
      if (!copied) continue;
    }
    count += 1;
  }
  return count;
}

async function requireEmptyFolder(dir: string, what: string): Promise<void> {
  const entries = await fs.readdir(dir).catch(() => []);
  if (entries.length > 0) throw new BackupError(`${what} ${dir} is not empty: choose an empty or new folder`);
}

async function requireEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    if (rows[0].n > 0) {
      throw new BackupError(
        'The target PostgreSQL database is not empty: restore needs a new, empty database',
      );
    }
  } finally {
    await client.end();
  }
}

function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Runs a PostgreSQL client tool; a missing tool or a failure becomes one clear message. */
function run(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${tool} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client), of the server's major version or newer`
            : `${tool} could not start: ${error.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}): ${errors.trim().split('\n')[0] ?? ''}`));
    });
  });
}
