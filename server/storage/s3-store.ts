// The S3 driver (AWS S3, OVHcloud, Scaleway, MinIO, Garage, Ceph…): one object per key in one
// bucket. Large files go up as multipart uploads streamed from the local temp file (a few parts in
// memory at a time, whatever the file's size); reads are GetObject with a single Range. Any failure
// to reach the bucket becomes a FileStoreUnavailableError (503), never a 500.
import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FileStoreConfig } from '../config.js';
import { type ByteRange, type FileStore, FileStoreUnavailableError, type StoredFile } from './file-store.js';
import { SCRATCH_FOLDER, ScratchFolder } from './scratch-folder.js';

type S3Config = Extract<FileStoreConfig, { kind: 's3' }>;

/** Files up to this size go up in one PutObject; larger ones as multipart uploads. */
const SINGLE_PUT_BYTES = 16 * 1024 * 1024;
/** Multipart parts of a file on disk: each part is streamed from its byte range of the file, so
 * no part is held in memory (a 100 MB upload must not raise RSS by 30 MB:
 * `npm run bench:upload-memory -- --s3`). */
const FILE_PART_BYTES = 16 * 1024 * 1024;
/** Multipart parts of a stream of unknown length (lib-storage buffers each part). */
const STREAM_PART_BYTES = 5 * 1024 * 1024;
/** Files of an unpacked package stored at once (each streamed from disk). */
const PUTS_IN_FLIGHT = 4;

export class S3FileStore extends ScratchFolder implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  /** `pageSize`: keys per list call (S3's maximum, 1,000, unless a test wants several pages). */
  constructor(
    config: S3Config,
    dataDir: string,
    private readonly pageSize = 1000,
  ) {
    super(dataDir);
    this.bucket = config.bucket;
    // SDK releases after January 2027 will need Node 22; this one runs on Node 20, which Ardoise
    // still supports, so its start-up notice would only be noise in the logs (docs/decisions.md).
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer
      // default (trailing checksums on every upload).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      // An unreachable store must fail a request in seconds, not hang it; a slow upload part may
      // still take its time.
      requestHandler: { connectionTimeout: 3000, socketTimeout: 60_000 },
    });
  }

  get description(): string {
    return `bucket ${this.bucket}`;
  }

  /** Runs one call to the bucket; a missing object is `null`, any other failure "unavailable". */
  private async call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new FileStoreUnavailableError(error);
    }
  }

  async putFile(tempPath: string, key: string): Promise<void> {
    try {
      if (!(await this.stat(key))) await this.upload(key, tempPath);
    } finally {
      await fs.rm(tempPath, { force: true });
    }
  }

  async putFolder(tempDir: string, prefix: string): Promise<void> {
    try {
      const files: string[] = [];
      for (const entry of await fs.readdir(tempDir, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) files.push(path.relative(tempDir, path.join(entry.parentPath, entry.name)));
      }
      // The same content hash always unpacks to the same files: rewriting one is harmless.
      let next = 0;
      const worker = async () => {
        while (next < files.length) {
          const relative = files[next++] as string;
          await this.upload(`${prefix}/${relative.split(path.sep).join('/')}`, path.join(tempDir, relative));
        }
      };
      await Promise.all(Array.from({ length: Math.min(PUTS_IN_FLIGHT, files.length) }, worker));
    } finally {
      await fs.rm(tempDir, { recursive: true, force: true });
    }
  }

  /** Streams a local file to the bucket: one PutObject, or a multipart upload for large files. */
  private async upload(key: string, filePath: string): Promise<void> {
    const { size } = await fs.stat(filePath);
    if (size <= SINGLE_PUT_BYTES) {
      await this.call(() =>
        this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: createReadStream(filePath),
            ContentLength: size,
          }),
        ),
      );
      return;
    }
    await this.uploadParts(key, filePath, size);
  }

  /** A multipart upload whose parts are byte ranges of the file, streamed one after the other
   * (lib-storage's Upload would copy each part into memory first). Aborted on failure, so no
   * parts are left in the bucket. */
  private async uploadParts(key: string, filePath: string, size: number): Promise<void> {
    const { UploadId } = await this.call(() =>
      this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key })),
    );
    try {
      const parts: { ETag?: string; PartNumber: number }[] = [];
      for (let start = 0, PartNumber = 1; start < size; start += FILE_PART_BYTES, PartNumber++) {
        const end = Math.min(start + FILE_PART_BYTES, size) - 1;
        const { ETag } = await this.call(() =>
          this.client.send(
            new UploadPartCommand({
              Bucket: this.bucket,
              Key: key,
              UploadId,
              PartNumber,
              Body: createReadStream(filePath, { start, end }),
              ContentLength: end - start + 1,
            }),
          ),
        );
        parts.push({ ETag, PartNumber });
      }
      await this.call(() =>
        this.client.send(
          new CompleteMultipartUploadCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId,
            MultipartUpload: { Parts: parts },
          }),
        ),
      );
    } catch (error) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId }))
        .catch(() => {});
      throw error;
    }
  }

  /** Streams of unknown length (restores, tests): lib-storage's multipart Upload, one part of
   * 5 MB in memory at a time. */
  async write(key: string, body: Uint8Array | Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body },
      partSize: STREAM_PART_BYTES,
      queueSize: 1,
      // A failed multipart upload is aborted, so no parts are left billed in the bucket.
      leavePartsOnError: false,
    });
    await this.call(() => upload.done());
  }

  async stat(key: string): Promise<StoredFile | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new FileStoreUnavailableError(error);
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const answer = await this.call(() =>
      this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      ),
    );
    return answer.Body as Readable;
  }

  async exists(key: string): Promise<boolean> {
    if (await this.stat(key)) return true;
    const page = await this.call(() =>
      this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${key}/`, MaxKeys: 1 })),
    );
    return (page.KeyCount ?? 0) > 0;
  }

  async remove(key: string): Promise<void> {
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const objects = batch.map((Key) => ({ Key }));
      batch = [];
      const answer = await this.call(() =>
        this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects, Quiet: true } }),
        ),
      );
      if (answer.Errors?.length) throw new FileStoreUnavailableError(answer.Errors[0]?.Message);
    };
    for await (const object of this.list(`${key}/`)) {
      batch.push(object.key);
      if (batch.length === 1000) await flush(); // DeleteObjects takes at most 1,000 keys
    }
    await flush();
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    let token: string | undefined;
    do {
      const page = await this.call(() =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            ContinuationToken: token,
            MaxKeys: this.pageSize,
          }),
        ),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && !object.Key.startsWith(`${SCRATCH_FOLDER}/`))
          yield { key: object.Key, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async withLocalCopy<T>(key: string, task: (filePath: string) => Promise<T>): Promise<T> {
    const copy = this.tempPath(path.extname(key));
    try {
      await pipeline(await this.read(key), createWriteStream(copy));
      return await task(copy);
    } finally {
      await fs.rm(copy, { force: true });
    }
  }

  /** Writes and removes a tiny object: the bucket answers, the credentials may write. */
  async probe(): Promise<void> {
    const key = `${SCRATCH_FOLDER}/readyz-${crypto.randomUUID()}`;
    await this.call(() =>
      this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: 'ok' })),
    );
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}
