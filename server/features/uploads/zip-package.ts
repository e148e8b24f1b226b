// Checks an uploaded activity zip and unpacks it for the admin preview. The archive is untrusted:
// every entry is checked from the central directory BEFORE anything is written (names, links,
// encryption, counts, sizes, ratio, the local entries agreeing with the directory), the package is recognised (package-description.ts), then the
// entries are written one by one inside the destination folder only, with yauzl verifying that
// each entry's real size is the declared one.

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
import { describePackage, type PackageDescription } from './package-description.js';
import type { PackageListing } from './package-listing.js';

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
/** Below this size a high ratio is harmless (a small text file of spaces), so it is not judged. */
const RATIO_FLOOR_BYTES = 1024 * 1024;
const MAX_NAME_LENGTH = 1024;
const MAX_SEGMENT_LENGTH = 255;

type PlannedEntry = { entry: Entry; segments: string[]; isDirectory: boolean };

/** Validates `zipPath`, recognises the package and unpacks it into `destDir` (created here), with
 * the package's top folder (if any) stripped. Throws an HttpError with the reason. */
export async function extractPackage(zipPath: string, destDir: string): Promise<PackageDescription> {
  const zip = await openZip(zipPath);
  try {
    const items = planExtraction(await readCentralDirectory(zip, zipPath));
    const description = await describePackage(listingOf(zip, items));
    const strip = description.root === '' ? 0 : 1;
    await fs.mkdir(destDir, { recursive: true });
    const root = path.resolve(destDir);
    for (const item of items) {
      const segments = item.segments.slice(strip);
      if (segments.length === 0) continue;
      const target = path.resolve(root, ...segments);
      if (!target.startsWith(root + path.sep)) throw badRequest(u.zipTraversal);
      if (item.isDirectory) {
        await fs.mkdir(target, { recursive: true });
        continue;
      }
      await fs.mkdir(path.dirname(target), { recursive: true });
      await pipeline(await openEntry(zip, item.entry), createWriteStream(target, { flags: 'wx' })).catch(
        (error: unknown) => {
          if (error instanceof HttpError) throw error;
          throw badRequest(u.zipCorrupt);
        },
      );
    }
    return description;
  } finally {
    zip.close();
  }
}

/** The same checks and recognition without unpacking: for packages stored before recognition. */
export async function describeStoredPackage(zipPath: string): Promise<PackageDescription> {
  const zip = await openZip(zipPath);
  try {
    return await describePackage(listingOf(zip, planExtraction(await readCentralDirectory(zip, zipPath))));
  } finally {
    zip.close();
  }
}

function listingOf(zip: ZipFile, items: PlannedEntry[]): PackageListing {
  const entries = new Map<string, Entry>();
  for (const item of items) if (!item.isDirectory) entries.set(item.segments.join('/'), item.entry);
  const sizes = new Map([...entries].map(([name, entry]) => [name, entry.uncompressedSize]));
  return {
    sizes,
    read: async (name, maxBytes) => {
      const entry = entries.get(name);
      if (!entry) return Buffer.alloc(0);
      const chunks: Buffer[] = [];
      let length = 0;
      try {
        for await (const chunk of await openEntry(zip, entry)) {
          chunks.push(chunk as Buffer);
          length += (chunk as Buffer).length;
          if (length >= maxBytes) break;
        }
      } catch {
        throw badRequest(u.zipCorrupt);
      }
      return Buffer.concat(chunks).subarray(0, maxBytes);
    },
  };
}

async function openEntry(zip: ZipFile, entry: Entry) {
  return zip.openReadStreamPromise(entry).catch(() => {
    throw badRequest(u.zipCorrupt);
  });
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

async function readCentralDirectory(zip: ZipFile, zipPath: string): Promise<Entry[]> {
  if (zip.entryCount > ZIP_MAX_ENTRIES) throw payloadTooLarge(u.zipTooManyEntries);
  if (zip.entryCount === 0) throw badRequest(u.zipEmpty);
  const entries: Entry[] = [];
  const directoryStart = cursorOf(zip);
  try {
    for await (const entry of zip.eachEntry()) entries.push(entry);
  } catch {
    throw unsupportedMediaType(u.zipInvalid);
  }
  await checkLocalEntries(zip, zipPath, entries, directoryStart, cursorOf(zip));
  return entries;
}

/** Where yauzl reads the central directory next: its start once opened, its end once read. */
const cursorOf = (zip: ZipFile) => (zip as unknown as { readEntryCursor: number }).readEntryCursor;

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
/** A data descriptor after an entry's data (bit 3): CRC and sizes, 32- or 64-bit, with or without
 * its optional signature. */
const DESCRIPTOR_SIZES = new Set([12, 16, 20, 24]);

/**
 * The central directory and the local entries must tell the same story, as every archiver writes
 * them: the directory's records end where the end record starts (no record beyond the count it
 * gives), and the local entries, in offset order, start at 0 and follow each other up to the
 * directory (nothing hidden between them), each under the same name. One small read per entry.
 */
async function checkLocalEntries(
  zip: ZipFile,
  zipPath: string,
  entries: Entry[],
  directoryStart: number,
  directoryEnd: number,
): Promise<void> {
  const handle = await fs.open(zipPath, 'r');
  try {
    const signature = Buffer.alloc(4);
    const { bytesRead } = await handle.read(signature, 0, 4, directoryEnd);
    const next = bytesRead === 4 ? signature.readUInt32LE(0) : 0;
    if (next !== END_OF_DIRECTORY && next !== ZIP64_END_OF_DIRECTORY) throw badRequest(u.zipInconsistent);
  } finally {
    await handle.close();
  }
  const byOffset = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  let expected = 0;
  let descriptorAllowed = false;
  for (const entry of byOffset) {
    if (!follows(expected, entry.relativeOffsetOfLocalHeader, descriptorAllowed)) {
      throw badRequest(u.zipInconsistent);
    }
    const local = await zip.readLocalFileHeaderPromise(entry).catch(() => {
      throw badRequest(u.zipInconsistent);
    });
    if (!local.fileName.equals(entry.fileNameRaw)) throw badRequest(u.zipInconsistent);
    expected = local.fileDataStart + entry.compressedSize;
    descriptorAllowed = (entry.generalPurposeBitFlag & 0x8) !== 0;
  }
  if (!follows(expected, directoryStart, descriptorAllowed)) throw badRequest(u.zipInconsistent);
}

/** Whether something starts right where the previous entry ended (after its data descriptor). */
function follows(end: number, start: number, descriptorAllowed: boolean): boolean {
  return start === end || (descriptorAllowed && DESCRIPTOR_SIZES.has(start - end));
}

/** Every check that needs no decompression; returns what to write where. */
function planExtraction(entries: Entry[]): PlannedEntry[] {
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
  checkCollisions(planned);
  return planned;
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
  // Names that differ only by case are one file on Windows and macOS disks and for many web
  // servers: which one a browser gets would depend on where the package is unpacked.
  const byFoldedName = new Map<string, string>();
  for (const name of [...folders, ...files]) {
    const folded = name.toLowerCase();
    const other = byFoldedName.get(folded);
    if (other !== undefined && other !== name) throw badRequest(u.zipCaseDuplicate(other, name));
    byFoldedName.set(folded, name);
  }
}
