import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type LocalStep, matchesDirectory, readLocalEntry } from './local-headers';
import { files, text, zip } from './test-package';
import { inflateEntries, type LocatedEntry, readZipDirectory } from './zip-directory';

/** Reads every entry it can from the first `available` bytes, as the worker does. */
function readAll(bytes: Uint8Array, available: number) {
  const entries: LocatedEntry[] = [];
  let at = 0;
  let step: LocalStep;
  for (;;) {
    step = readLocalEntry(bytes, at, available);
    if (step.kind !== 'entry') break;
    entries.push(step.entry);
    at = step.next;
  }
  return { entries, last: step.kind };
}

/** A zip written the way streaming zippers do: sizes and CRC in a data descriptor after the data. */
function zipWithDataDescriptor(entry: ZipDeflate | ZipPassThrough): Uint8Array {
  const parts: Uint8Array[] = [];
  const zipper = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  zipper.add(entry);
  entry.push(text('<p>flux</p>'), true);
  zipper.end();
  return Uint8Array.from(parts.flatMap((part) => [...part]));
}

describe('local headers', () => {
  it('reads stored and deflated entries, and they match the directory', () => {
    const { entries, last } = readAll(zip, zip.length);
    expect(last).toBe('end');
    expect(entries.map((entry) => entry.name)).toEqual(Object.keys(files));
    expect(entries.map((entry) => entry.method)).toEqual([8, 0, 8, 8]);
    expect(matchesDirectory(entries, readZipDirectory(zip))).toBe(true);
    const bytes = inflateEntries(zip, entries);
    expect(bytes).toEqual(Uint8Array.from(Object.values(files).flatMap((file) => [...file])));
  });

  it('gives each entry once its bytes are all there, whatever the chunk boundaries', () => {
    const { entries: all } = readAll(zip, zip.length);
    const directoryStart = all.at(-1)!.dataStart + all.at(-1)!.compressedSize;
    // The buffer has the package's full size; only its first bytes have arrived.
    const arriving = new Uint8Array(zip.length);
    for (let available = 0; available <= zip.length; available++) {
      arriving.set(zip.subarray(0, available));
      const { entries, last } = readAll(arriving, available);
      const complete = all.filter((entry) => entry.dataStart + entry.compressedSize <= available);
      expect(entries).toEqual(complete);
      expect(last).toBe(available >= directoryStart + 4 ? 'end' : 'incomplete');
    }
  });

  it('stops at what it does not follow: data descriptors, other signatures', () => {
    for (const entry of [new ZipDeflate('index.html'), new ZipPassThrough('index.html')]) {
      // fflate's streaming zipper puts sizes and CRC in a data descriptor after the data.
      const streamed = zipWithDataDescriptor(entry);
      expect(readLocalEntry(streamed, 0, streamed.length).kind).toBe('unsupported');
    }
    expect(readLocalEntry(text('not a zip at all, just some text'), 0, 32).kind).toBe('unsupported');
  });

  it('tells a cut or altered zip from the directory', () => {
    const { entries } = readAll(zip, zip.length);
    const directory = readZipDirectory(zip);
    expect(matchesDirectory(entries.slice(0, 3), directory)).toBe(false);
    expect(
      matchesDirectory(
        entries.map((entry, i) => (i === 2 ? { ...entry, crc: 0 } : entry)),
        directory,
      ),
    ).toBe(false);
    expect(
      matchesDirectory(
        entries.map((entry, i) => (i === 0 ? { ...entry, name: 'other.html' } : entry)),
        directory,
      ),
    ).toBe(false);
    expect(
      matchesDirectory(
        entries.map((entry, i) => (i === 1 ? { ...entry, size: 99 } : entry)),
        directory,
      ),
    ).toBe(false);
  });
});
