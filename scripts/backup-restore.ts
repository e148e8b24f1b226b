// What `npm run backup` and `npm run restore` share: a backup folder holds the database (SQLite
// online backup, or a pg_dump custom-format archive), the file store's files by key (from the
// DATA_DIR/files folder or the S3 bucket, scratch files excluded) and a manifest. Taken while the
// server runs; restored only into an empty database and an empty file store of either kind (a
// backup of a local store restores into a bucket, and back).
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../server/config.js';
import type { FileStore } from '../server/storage/file-store.js';
import { openFileStore } from '../server/storage/open-file-store.js';

const MANIFEST = 'manifest.json';
const SQLITE_COPY = 'database.sqlite';
const PG_DUMP = 'database.dump';
const FILES = 'files';

type Manifest = {
  format: 1;
  createdAt: string;
  database: Config['database']['kind'];
  /** Where the files came from; informative only (either kind restores into either). */
  fileStore?: Config['fileStore']['kind'];
  files: number;
};

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
  // Not init(): that would clear the scratch folder of the server running on this DATA_DIR.
  const store = await openFileStore(config);
  try {
    return await backupWith(config, store, dir);
  } finally {
    await store.close();
  }
}

async function backupWith(config: Config, store: FileStore, dir: string): Promise<Manifest> {
  await copyStoreToFolder(store, path.join(dir, FILES));
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
  const files = await copyStoreToFolder(store, path.join(dir, FILES));
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: config.database.kind,
    fileStore: config.fileStore.kind,
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
  const store = await openFileStore(config);
  try {
    await requireEmptyStore(store, config);
    await restoreDatabase(config, dir);
    await copyFolderToStore(path.join(dir, FILES), store);
  } finally {
    await store.close();
  }
  return manifest;
}

async function restoreDatabase(config: Config, dir: string): Promise<void> {
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

/** Copies every stored file (scratch files excluded) that the folder `to` lacks; returns how many
 * files `to` holds. Existing files are kept: the same key always holds the same bytes. */
async function copyStoreToFolder(store: FileStore, to: string): Promise<number> {
  let count = 0;
  for await (const { key } of store.list('')) {
    const target = path.join(to, ...key.split('/'));
    if (!(await exists(target))) {
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(await store.read(key), createWriteStream(target));
      } catch (error) {
        await fs.rm(target, { force: true });
        // A file removed since the listing (its row deleted) is simply not part of the backup.
        if ((await store.stat(key)) === null) continue;
        throw error;
      }
    }
    count += 1;
  }
  return count;
}

/** Puts every file of a backup's files/ folder into the store under its key. */
async function copyFolderToStore(from: string, store: FileStore): Promise<void> {
  const entries = await fs.readdir(from, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    await store.write(path.relative(from, file).split(path.sep).join('/'), createReadStream(file));
  }
}

async function requireEmptyStore(store: FileStore, config: Config): Promise<void> {
  for await (const _ of store.list('')) {
    throw new BackupError(
      config.fileStore.kind === 'local'
        ? `The target file store (DATA_DIR/files) ${config.filesDir} is not empty: choose an empty or new folder`
        : `The target file store (${store.description}) is not empty: choose an empty or new bucket`,
    );
  }
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
