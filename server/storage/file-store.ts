// The file store: uploaded PDFs and activity packages, under the keys of storage/keys.ts. Two
// drivers: folders under DATA_DIR/files (local-store.ts, the default) and an S3-compatible bucket
// (s3-store.ts, when S3_BUCKET is set). Routes and services see only this interface, never a path.
// Uploads are received into a local temp file first (the zip is checked and unpacked from it),
// then handed to the store; stored files are never changed in place.
import type { Readable } from 'node:stream';

export type StoredFile = { size: number; modified: Date };
/** Inclusive byte positions, as in an HTTP Range. */
export type ByteRange = { start: number; end: number };

export interface FileStore {
  /** For logs and scripts: the folder or the bucket. */
  readonly description: string;
  /** Local scratch folder for uploads being received and unpacked (cleared at start). */
  readonly tempDir: string;
  /** Prepares the store and removes what interrupted uploads left in the scratch folder. */
  init(): Promise<void>;
  /** A fresh path under the scratch folder for a file or folder being written. */
  tempPath(suffix?: string): string;
  /** Stores a finished temp file under `key`, consuming it. An existing key is kept as it is: a
   * content-addressed key always holds the same bytes. */
  putFile(tempPath: string, key: string): Promise<void>;
  /** Stores every file of a temp folder under `prefix/`, consuming the folder. */
  putFolder(tempDir: string, prefix: string): Promise<void>;
  /** Stores bytes or a stream under `key` (scripts, restores, tests). */
  write(key: string, body: Uint8Array | Readable): Promise<void>;
  /** Size and time of a stored file (not a folder), or null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  /** The bytes of a stored file, or one range of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Is there a file at `key` or under `key/`? */
  exists(key: string): Promise<boolean>;
  /** Removes the file at `key` and everything under `key/`; missing keys are fine. */
  remove(key: string): Promise<void>;
  /** Every stored key under `prefix` ('' for all), scratch folder excluded, in no promised order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /** Runs `task` on a local path holding the file (zips are read with random access). */
  withLocalCopy<T>(key: string, task: (filePath: string) => Promise<T>): Promise<T>;
  /** Writes and removes a tiny file: what /readyz asks. */
  probe(): Promise<void>;
  close(): Promise<void>;
}

/** The store cannot be reached (network, service down, refused credentials): 503, not 500. */
export class FileStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`file store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'FileStoreUnavailableError';
  }
}
