// What package recognition sees of a zip: its files (archiver junk and folders left out) and a way
// to read the start of any of them. Built from a checked zip by zip-package.ts.

export type PackageListing = {
  /** Every file by its full name in the zip, with its unpacked size in bytes. */
  sizes: ReadonlyMap<string, number>;
  /** The first `maxBytes` bytes of a file of `sizes`. */
  read: (name: string, maxBytes: number) => Promise<Buffer>;
};
