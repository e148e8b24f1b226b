// Checks an uploaded activity zip and unpacks it for the admin preview. The archive is untrusted:
// every entry is checked from the central directory BEFORE anything is written (names, links,
// encryption, counts, sizes, ratio, index.html), then the entries are written one by one inside
// the destination folder only, with yauzl verifying that each entry's real size is the declared one.

import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import {
  ZIP_MAX_COMPRESSION_RATIO,
  ZIP_MAX_ENTRIES,
  ZIP_MAX_UNCOMPRESSED_BYTES,
} from '../../../common/constants.js';
import { uploadMessages as u } from '../../../common/messages/curriculum.js';
import { badRequest, HttpError, payloadTooLarge, unsupportedMediaType } from '../../http-error.js';

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
/** Below this size a high ratio is harmless (a small text file of spaces), so it is not judged. */
const RATIO_FLOOR_BYTES = 1024 * 1024;
const MAX_NAME_LENGTH = 1024;
const MAX_SEGMENT_LENGTH = 255;

type PlannedEntry = { entry: Entry; segments: string[]; isDirectory: boolean };

export type PackageSummary = { files: number; uncompressedBytes: number };

/** Validates `zipPath` and unpacks it into `destDir` (created here), with a single top folder
 * stripped so that index.html ends up at the root. Throws an HttpError with the reason. */
export async function extractPackage(zipPath: string, destDir: string): Promise<PackageSummary> {
  const zip = await openZip(zipPath);
  try {
    const entries = await readCentralDirectory(zip);
    const plan = planExtraction(entries);
    await fs.mkdir(destDir, { recursive: true });
    const root = path.resolve(destDir);
    let files = 0;
    for (const item of plan.items) {
      const target = path.resolve(root, ...item.segments);
      if (!target.startsWith(root + path.sep)) throw badRequest(u.zipTraversal);
      if (item.isDirectory) {
        await fs.mkdir(target, { recursive: true });
        continue;
      }
      await fs.mkdir(path.dirname(target), { recursive: true });
      const stream = await zip.openReadStreamPromise(item.entry).catch(() => {
        throw badRequest(u.zipCorrupt);
      });
      await pipeline(stream, createWriteStream(target, { flags: 'wx' })).catch((error: unknown) => {
        if (error instanceof HttpError) throw error;
        throw badRequest(u.zipCorrupt);
      });
      files++;
    }
    return { files, uncompressedBytes: plan.uncompressedBytes };
  } finally {
    zip.close();
  }
}

async function openZip(zipPath: string): Promise<ZipFile> {
  const handle = await fs.open(zipPath, 'r');
  try {
    const magic = Buffer.alloc(4);
    await handle.read(magic, 0, 4, 0);
    // A local file header, or the end record of an empty archive.
    if (
      !magic.equals(Buffer.from('PK\x03\x04', 'latin1')) &&
      !magic.equals(Buffer.from('PK\x05\x06', 'latin1'))
    ) {
      throw unsupportedMediaType(u.zipInvalid);
    }
  } finally {
    await handle.close();
  }
  try {
    return await yauzl.openPromise(zipPath, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch {
    throw unsupportedMediaType(u.zipInvalid);
  }
}

async function readCentralDirectory(zip: ZipFile): Promise<Entry[]> {
  if (zip.entryCount > ZIP_MAX_ENTRIES) throw payloadTooLarge(u.zipTooManyEntries);
  if (zip.entryCount === 0) throw badRequest(u.zipEmpty);
  const entries: Entry[] = [];
  try {
    for await (const entry of zip.eachEntry()) entries.push(entry);
  } catch {
    throw unsupportedMediaType(u.zipInvalid);
  }
  return entries;
}

/** Every check that needs no decompression; returns what to write where. */
function planExtraction(entries: Entry[]): { items: PlannedEntry[]; uncompressedBytes: number } {
  const planned: PlannedEntry[] = [];
  let uncompressed = 0;
  let compressed = 0;
  for (const entry of entries) {
    const name = yauzl.getFileNameLowLevel(
      entry.generalPurposeBitFlag,
      entry.fileNameRaw,
      entry.extraFields,
      false,
    );
    const segments = checkName(name);
    if (entry.generalPurposeBitFlag & 0x1) throw badRequest(u.zipEncrypted);
    if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw badRequest(u.zipSymlink);
    const isDirectory = name.endsWith('/');
    if (!isDirectory && !entry.canDecodeFileData()) throw badRequest(u.zipUnsupportedCompression);
    uncompressed += entry.uncompressedSize;
    compressed += entry.compressedSize;
    if (uncompressed > ZIP_MAX_UNCOMPRESSED_BYTES) throw payloadTooLarge(u.zipTooBigUncompressed);
    if (exceedsRatio(entry.uncompressedSize, entry.compressedSize)) throw payloadTooLarge(u.zipRatioTooHigh);
    if (isJunk(segments)) continue;
    planned.push({ entry, segments, isDirectory });
  }
  if (exceedsRatio(uncompressed, compressed)) throw payloadTooLarge(u.zipRatioTooHigh);

  const prefix = indexPrefix(planned);
  const items = planned
    .map((item) => ({ ...item, segments: item.segments.slice(prefix) }))
    .filter((item) => item.segments.length > 0);
  checkCollisions(items);
  return { items, uncompressedBytes: uncompressed };
}

function exceedsRatio(uncompressed: number, compressed: number): boolean {
  return (
    uncompressed > RATIO_FLOOR_BYTES && uncompressed > ZIP_MAX_COMPRESSION_RATIO * Math.max(compressed, 1)
  );
}

/** The path segments of an entry name, or the reason it is refused. */
function checkName(name: string): string[] {
  if (name.length === 0 || name.length > MAX_NAME_LENGTH || name.includes('\0'))
    throw badRequest(u.zipBadName);
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) throw badRequest(u.zipAbsolutePath);
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw badRequest(u.zipTraversal);
  if (segments.length === 0 && name !== '/') throw badRequest(u.zipBadName);
  if (segments.some((segment) => segment.length > MAX_SEGMENT_LENGTH)) throw badRequest(u.zipBadName);
  return segments;
}

/** Metadata that archivers add (macOS) and that is never part of an activity. */
function isJunk(segments: string[]): boolean {
  return segments[0] === '__MACOSX' || segments.at(-1) === '.DS_Store';
}

/** How many leading segments to strip: 0 when index.html is at the root, 1 when everything sits
 * in one top folder that holds index.html. */
function indexPrefix(items: PlannedEntry[]): number {
  const files = items.filter((item) => !item.isDirectory);
  if (files.some((item) => item.segments.length === 1 && item.segments[0] === 'index.html')) return 0;
  const top = items[0]?.segments[0];
  const singleTop =
    top !== undefined &&
    items.every((item) => item.segments[0] === top && (item.segments.length > 1 || item.isDirectory));
  if (singleTop && files.some((item) => item.segments.length === 2 && item.segments[1] === 'index.html')) {
    return 1;
  }
  throw badRequest(u.zipNoIndex);
}

/** Two entries for one path, or a file where a folder must be, are refused before writing. */
function checkCollisions(items: PlannedEntry[]): void {
  const files = new Set<string>();
  const folders = new Set<string>();
  for (const item of items) {
    const key = item.segments.join('/');
    if (item.isDirectory) {
      folders.add(key);
      continue;
    }
    if (files.has(key)) throw badRequest(u.zipDuplicate);
    files.add(key);
    for (let i = 1; i < item.segments.length; i++) folders.add(item.segments.slice(0, i).join('/'));
  }
  for (const file of files) if (folders.has(file)) throw badRequest(u.zipDuplicate);
}
