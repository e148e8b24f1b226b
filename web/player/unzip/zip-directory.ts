// Reads a zip's central directory once, so that files can then be inflated batch by batch straight
// into one buffer per batch (fflate's unzipSync reads the whole directory again on every call).
// The zip is untrusted: a malformed archive throws (offsets past the end included). While the zip
// is still arriving, local-headers.ts reads the same entries from their local headers.
import { inflateSync, strFromU8 } from 'fflate';

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Where the local header is. */
  headerOffset: number;
  compressedSize: number;
  size: number;
  crc: number;
};

/** An entry and where its compressed bytes start (after its local header). */
export type LocatedEntry = ZipEntry & { dataStart: number };

export const END_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_END_SIGNATURE = 0x06064b50;
export const ENTRY_SIGNATURE = 0x02014b50;
export const LOCAL_SIGNATURE = 0x04034b50;
export const MAX_32 = 0xffffffff;

export function fail(): never {
  throw new Error('The package is not a valid zip file');
}

/** Little-endian readers; an offset past the end throws (DataView checks it). */
export function reader(zip: Uint8Array) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  return {
    u16: (at: number) => view.getUint16(at, true),
    u32: (at: number) => view.getUint32(at, true),
    u64: (at: number) => Number(view.getBigUint64(at, true)),
  };
}

/** The archive's entries, in directory order. */
export function readZipDirectory(zip: Uint8Array): ZipEntry[] {
  const { u16, u32, u64 } = reader(zip);
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (u32(at) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) fail();
  let count = u16(end + 10);
  let position = u32(end + 16);
  if ((count === 0xffff || position === MAX_32) && end >= 20 && u32(end - 20) === ZIP64_LOCATOR_SIGNATURE) {
    const zip64End = u64(end - 12);
    if (u32(zip64End) !== ZIP64_END_SIGNATURE) fail();
    count = u64(zip64End + 32);
    position = u64(zip64End + 48);
  }

  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (u32(position) !== ENTRY_SIGNATURE) fail();
    const utf8 = (u16(position + 8) & 0x800) !== 0;
    const nameLength = u16(position + 28);
    const extraLength = u16(position + 30);
    const commentLength = u16(position + 32);
    const nameStart = position + 46;
    if (nameStart + nameLength > zip.length) fail();
    const entry: ZipEntry = {
      name: strFromU8(zip.subarray(nameStart, nameStart + nameLength), !utf8),
      method: u16(position + 10),
      compressedSize: u32(position + 20),
      size: u32(position + 24),
      crc: u32(position + 16),
      headerOffset: u32(position + 42),
    };
    if (entry.size === MAX_32 || entry.compressedSize === MAX_32 || entry.headerOffset === MAX_32) {
      readZip64Extra(u16, u64, nameStart + nameLength, extraLength, entry);
    }
    entries.push(entry);
    position = nameStart + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Sizes and offset too large for 32 bits are in the zip64 extra field, in this order. */
function readZip64Extra(
  u16: (at: number) => number,
  u64: (at: number) => number,
  start: number,
  length: number,
  entry: ZipEntry,
): void {
  for (let at = start; at + 4 <= start + length; at += 4 + u16(at + 2)) {
    if (u16(at) !== 1) continue;
    let field = at + 4;
    for (const key of ['size', 'compressedSize', 'headerOffset'] as const) {
      if (entry[key] === MAX_32) {
        entry[key] = u64(field);
        field += 8;
      }
    }
    return;
  }
  fail();
}

/** The entries with where their data start, read from their local headers. */
export function locateEntries(zip: Uint8Array, entries: readonly ZipEntry[]): LocatedEntry[] {
  const { u16, u32 } = reader(zip);
  return entries.map((entry) => {
    const header = entry.headerOffset;
    if (u32(header) !== LOCAL_SIGNATURE) fail();
    return { ...entry, dataStart: header + 30 + u16(header + 26) + u16(header + 28) };
  });
}

/** Inflates the entries back to back into one buffer; each file's bytes are `size` long, in order. */
export function inflateEntries(zip: Uint8Array, entries: readonly LocatedEntry[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(entries.reduce((total, entry) => total + entry.size, 0));
  let offset = 0;
  for (const entry of entries) {
    const start = entry.dataStart;
    if (start + entry.compressedSize > zip.length) fail();
    const data = zip.subarray(start, start + entry.compressedSize);
    const target = out.subarray(offset, offset + entry.size);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) fail();
      target.set(data);
    } else if (entry.method === 8) {
      if (entry.size > 0 && inflateSync(data, { out: target }).length !== entry.size) fail();
    } else {
      throw new Error(`Unsupported compression method ${entry.method}`);
    }
    offset += entry.size;
  }
  return out;
}
