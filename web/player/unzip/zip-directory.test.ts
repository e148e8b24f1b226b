import { describe, expect, it } from 'vitest';
import { files, text, zip } from './test-package';
import { inflateEntries, locateEntries, readZipDirectory } from './zip-directory';

describe('zip directory', () => {
  it('lists the entries and inflates any run of them back to back', () => {
    const entries = readZipDirectory(zip);
    expect(entries.map((entry) => entry.name)).toEqual(Object.keys(files));
    expect(entries.map((entry) => entry.size)).toEqual(Object.values(files).map((bytes) => bytes.length));
    const bytes = inflateEntries(zip, locateEntries(zip, entries.slice(1)));
    const expected = Object.values(files).slice(1);
    let offset = 0;
    for (const file of expected) {
      expect(bytes.subarray(offset, offset + file.length)).toEqual(file);
      offset += file.length;
    }
    expect(bytes.length).toBe(offset);
  });

  it('rejects what is not a zip, or a cut one', () => {
    expect(() => readZipDirectory(text('not a zip at all, just some text'))).toThrow();
    expect(() => readZipDirectory(zip.subarray(0, zip.length - 10))).toThrow();
    const entries = readZipDirectory(zip);
    expect(() => locateEntries(zip.subarray(0, 40), entries)).toThrow();
    const cut = zip.subarray(0, entries[2]!.headerOffset + 100);
    expect(() => inflateEntries(cut, locateEntries(zip, entries))).toThrow();
  });
});
