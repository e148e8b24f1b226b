// Hostile zip archives built byte by byte, for the upload tests: fflate refuses to write most of
// these (absolute names, links, encryption flags, lying sizes), so this writes the format itself.
import zlib from 'node:zlib';

export type RawEntry = {
  name: string;
  data?: Buffer;
  /** 0 = stored, 8 = deflate. */
  method?: 0 | 8;
  /** General purpose bit flag; bit 0 means encrypted. */
  flags?: number;
  /** Unix mode in the high 16 bits of the external attributes (e.g. 0o120777 for a link). */
  unixMode?: number;
  /** Sizes written in the headers instead of the real ones (to lie about the content). */
  declaredUncompressedSize?: number;
  /** Written in the local header instead of `name` (the central directory keeps `name`). */
  localName?: string;
  /** Bit 3: CRC and sizes in a data descriptor after the data (as archivers streaming their output
   * write them), 16 bytes with its signature. */
  descriptor?: boolean;
};

/** How the end record and the central directory may lie about the entries. */
export type RawZipOptions = {
  /** The entry count the end record gives (default: the real one). */
  endRecordCount?: number;
  /** How many of the entries get a central directory record (default: all). */
  centralRecords?: number;
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip with exactly the headers asked for. */
export function buildRawZip(entries: RawEntry[], options: RawZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = entry.data ?? Buffer.alloc(0);
    const method = entry.method ?? 0;
    const packed = method === 8 ? zlib.deflateRawSync(data) : data;
    // Traditional encryption puts a 12-byte header before the data.
    const body = (entry.flags ?? 0) & 0x1 ? Buffer.concat([Buffer.alloc(12, 0x5a), packed]) : packed;
    const name = Buffer.from(entry.name, 'utf8');
    const localName = Buffer.from(entry.localName ?? entry.name, 'utf8');
    const flags = (entry.flags ?? 0) | 0x800 | (entry.descriptor ? 0x8 : 0); // bit 11: UTF-8 names
    const crc = crc32(data);
    const uncompressed = entry.declaredUncompressedSize ?? data.length;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(uncompressed, 22);
    local.writeUInt16LE(localName.length, 26);
    const descriptor = Buffer.alloc(entry.descriptor ? 16 : 0);
    if (entry.descriptor) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(body.length, 8);
      descriptor.writeUInt32LE(uncompressed, 12);
    }
    locals.push(local, localName, body, descriptor);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.unixMode === undefined ? 20 : (3 << 8) | 20, 4); // made by: unix when a mode is set
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(uncompressed, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.unixMode ?? 0) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    if (centrals.length / 2 < (options.centralRecords ?? entries.length)) centrals.push(central, name);
    offset += local.length + localName.length + body.length + descriptor.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const count = options.endRecordCount ?? centrals.length / 2;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const INDEX = { name: 'index.html', data: Buffer.from('<!doctype html><title>ok</title><p>ok</p>') };

/** Each hostile archive, by the name of the attack. */
const manyEntries = (count: number): RawEntry[] =>
  Array.from({ length: count }, (_, i) => ({ name: `f/${i}.txt` }));

export const zipAttacks = {
  traversal: () => buildRawZip([INDEX, { name: '../evil.txt', data: Buffer.from('owned') }]),
  nestedTraversal: () => buildRawZip([INDEX, { name: 'assets/../../evil.txt', data: Buffer.from('owned') }]),
  backslashTraversal: () => buildRawZip([INDEX, { name: '..\\evil.txt', data: Buffer.from('owned') }]),
  absolutePath: () => buildRawZip([INDEX, { name: '/tmp/evil.txt', data: Buffer.from('owned') }]),
  windowsAbsolutePath: () => buildRawZip([INDEX, { name: 'C:/evil.txt', data: Buffer.from('owned') }]),
  symlink: () =>
    buildRawZip([INDEX, { name: 'passwd', data: Buffer.from('/etc/passwd'), unixMode: 0o120777 }]),
  encrypted: () => buildRawZip([INDEX, { name: 'secret.js', data: Buffer.from('x'), flags: 0x1 }]),
  bomb: () => buildRawZip([INDEX, { name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024), method: 8 }]),
  /** Headers claiming 600 MB: refused from the central directory, before anything is inflated. */
  hugeDeclared: () =>
    buildRawZip([
      INDEX,
      {
        name: 'big.bin',
        data: Buffer.alloc(8 * 1024 * 1024, 1),
        method: 8,
        declaredUncompressedSize: 600 * 1024 * 1024,
      },
    ]),
  /** Headers claiming 10 bytes for an entry that inflates to 1 MB. */
  lyingSize: () =>
    buildRawZip([
      INDEX,
      { name: 'data.bin', data: Buffer.alloc(1024 * 1024, 7), method: 8, declaredUncompressedSize: 10 },
    ]),
  tooManyEntries: () =>
    buildRawZip([INDEX, ...Array.from({ length: 10_000 }, (_, i) => ({ name: `f/${i}.txt` }))]),
  /** No page at all: nothing to start. */
  noIndex: () => buildRawZip([{ name: 'notes.txt', data: Buffer.from('no page here') }]),
  /** Two pages and none an obvious start page. */
  twoPages: () =>
    buildRawZip([
      { name: 'a.html', data: INDEX.data },
      { name: 'b.html', data: INDEX.data },
    ]),
  twoTopFolders: () =>
    buildRawZip([
      { name: 'a/index.html', data: INDEX.data },
      { name: 'b/other.html', data: INDEX.data },
    ]),
  duplicate: () => buildRawZip([INDEX, { name: 'index.html', data: Buffer.from('again') }]),
  /** Two names one letter's case apart: one file on Windows and macOS disks. */
  caseDuplicate: () =>
    buildRawZip([INDEX, { name: 'A.js', data: Buffer.from('1') }, { name: 'a.js', data: Buffer.from('2') }]),
  /** 100,000 entries, every one in the central directory, while the end record says 1. */
  endRecordSaysOne: () => buildRawZip([INDEX, ...manyEntries(99_999)], { endRecordCount: 1 }),
  /** 100,000 local entries behind a central directory (and end record) of 1. */
  hiddenLocalEntries: () => buildRawZip([INDEX, ...manyEntries(99_999)], { centralRecords: 1 }),
  /** An h5p.json of 2 million nested brackets (stored: the ratio check would refuse it deflated). */
  deepH5pJson: () =>
    buildRawZip([
      {
        name: 'h5p.json',
        data: Buffer.from(
          `{"mainLibrary":"H5P.X","preloadedDependencies":${'['.repeat(2e6)}${']'.repeat(2e6)}}`,
        ),
      },
      { name: 'content/content.json', data: Buffer.from('{}') },
    ]),
  /** An imsmanifest.xml nested 700,000 elements deep, just under the 5 MB cap. */
  deepManifest: () =>
    buildRawZip([
      INDEX,
      {
        name: 'imsmanifest.xml',
        data: Buffer.from(`<manifest>${'<a>'.repeat(7e5)}${'</a>'.repeat(7e5)}</manifest>`),
      },
    ]),
  /** A local header naming another file than its central directory record. */
  localNameDiffers: () =>
    buildRawZip([INDEX, { name: 'style.css', localName: 'evil.js', data: Buffer.from('x') }]),
  notAZip: () => Buffer.from('this is plain text, not an archive'.repeat(10)),
} as const;
