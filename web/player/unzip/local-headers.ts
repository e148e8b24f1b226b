// Reads a zip's entries from their local headers while it is still arriving, so that files can be
// stored during the download (the central directory is at the very end). Only the plain layout is
// followed: local headers back to back, each with its sizes, stored or deflated, not encrypted.
// Anything else (a data descriptor, zip64, another signature) says 'unsupported', and the caller
// waits for the whole zip and reads its directory instead. At the end, what was read here must
// match the directory exactly (matchesDirectory), or it is not used.
import { strFromU8 } from 'fflate';
import {
  END_SIGNATURE,
  ENTRY_SIGNATURE,
  LOCAL_SIGNATURE,
  type LocatedEntry,
  MAX_32,
  reader,
  type ZipEntry,
} from './zip-directory';

const ENCRYPTED = 0x1;
/** Sizes and CRC come after the data, not in the local header. */
const DATA_DESCRIPTOR = 0x8;
const UTF8_NAME = 0x800;
const LOCAL_HEADER_LENGTH = 30;

export type LocalStep =
  /** A whole entry (header and data) is there; the next header is at `next`. */
  | { kind: 'entry'; entry: LocatedEntry; next: number }
  /** More bytes are needed to read the entry at this position. */
  | { kind: 'incomplete' }
  /** The central directory starts here: every entry has been read. */
  | { kind: 'end' }
  | { kind: 'unsupported' };

/** Reads the entry whose local header is at `at`, when `zip`'s first `available` bytes hold it all. */
export function readLocalEntry(zip: Uint8Array, at: number, available: number): LocalStep {
  if (available - at < 4) return { kind: 'incomplete' };
  const { u16, u32 } = reader(zip);
  const signature = u32(at);
  // An empty archive has only its end record.
  if (signature === ENTRY_SIGNATURE || signature === END_SIGNATURE) return { kind: 'end' };
  if (signature !== LOCAL_SIGNATURE) return { kind: 'unsupported' };
  if (available - at < LOCAL_HEADER_LENGTH) return { kind: 'incomplete' };

  const flags = u16(at + 6);
  const method = u16(at + 8);
  const compressedSize = u32(at + 18);
  const size = u32(at + 22);
  if (flags & (ENCRYPTED | DATA_DESCRIPTOR) || (method !== 0 && method !== 8)) return { kind: 'unsupported' };
  if (compressedSize === MAX_32 || size === MAX_32) return { kind: 'unsupported' };

  const nameStart = at + LOCAL_HEADER_LENGTH;
  const nameLength = u16(at + 26);
  const dataStart = nameStart + nameLength + u16(at + 28);
  const next = dataStart + compressedSize;
  if (next > available) return { kind: 'incomplete' };
  const entry: LocatedEntry = {
    name: strFromU8(zip.subarray(nameStart, nameStart + nameLength), !(flags & UTF8_NAME)),
    method,
    headerOffset: at,
    compressedSize,
    size,
    crc: u32(at + 14),
    dataStart,
  };
  return { kind: 'entry', entry, next };
}

/** True when the entries read from the local headers are exactly the directory's, in order. */
export function matchesDirectory(read: readonly ZipEntry[], directory: readonly ZipEntry[]): boolean {
  return (
    read.length === directory.length &&
    read.every((entry, i) => {
      const listed = directory[i];
      return (
        listed !== undefined &&
        entry.name === listed.name &&
        entry.method === listed.method &&
        entry.headerOffset === listed.headerOffset &&
        entry.compressedSize === listed.compressedSize &&
        entry.size === listed.size &&
        entry.crc === listed.crc
      );
    })
  );
}
