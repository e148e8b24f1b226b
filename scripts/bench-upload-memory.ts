// Measures how much a 100 MB activity upload raises the server's memory (docs/decisions.md#performance-budgets: < 30 MB).
// Starts the production build (run `npm run build` first) on free ports with a fresh data folder,
// builds a ~100 MB zip of stored (uncompressed) random entries on disk, streams it to
// POST /api/admin/upload, and samples the server's RSS from /proc while the upload is received,
// hashed, validated, unpacked and stored. Prints the baseline, the peak and the delta.
// `npm run bench:upload-memory -- --s3`: the same with the S3 driver, against an s3rver started here
// on loopback in its own process (so its memory is not counted), a fresh bucket, path-style URLs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestBucket, fileStoreEnv, type S3Server, startS3Server } from '../server/test/s3-server.js';
import {
  type BenchServer,
  builtServer,
  measurePeakRss,
  signInBenchAdmin,
  startBenchServer,
} from './bench-server.js';

const ENTRY_BYTES = 1024 * 1024;
const ENTRIES = 99; // 99 MiB of content + headers: just under the 100 MiB cap
const BUDGET_MB = 30;

/** Writes a zip of stored entries (no compression, so the file stays ~100 MB) without holding it in memory. */
async function writeStoredZip(file: string, entries = ENTRIES): Promise<number> {
  const out = fs.createWriteStream(file);
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => out.write(chunk, (error) => (error ? reject(error) : resolve())));
  const central: Buffer[] = [];
  let offset = 0;
  const addEntry = async (name: string, data: Buffer) => {
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, nameBytes);
    await write(Buffer.concat([local, nameBytes]));
    await write(data);
    offset += local.length + nameBytes.length + data.length;
  };
  await addEntry('index.html', Buffer.from('<!doctype html><title>bench</title><p>bench</p>'));
  for (let i = 0; i < entries; i++) await addEntry(`media/${i}.bin`, crypto.randomBytes(ENTRY_BYTES));
  const centralBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries + 1, 8);
  end.writeUInt16LE(entries + 1, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  await write(Buffer.concat([centralBytes, end]));
  await new Promise<void>((resolve) => out.end(resolve));
  return fs.statSync(file).size;
}

async function main(): Promise<void> {
  const mainJs = builtServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ardoise-bench-upload-'));
  const useS3 = process.argv.includes('--s3');
  let s3: S3Server | undefined;
  let storeEnv: Record<string, string> = { S3_BUCKET: '' };
  if (useS3) {
    const s3Dir = path.join(dataDir, 's3rver');
    fs.mkdirSync(s3Dir);
    s3 = await startS3Server(s3Dir);
    storeEnv = fileStoreEnv(await createTestBucket(s3.endpoint));
  }
  let server: BenchServer | undefined;
  try {
    server = await startBenchServer(mainJs, dataDir, storeEnv);
    const { base, pid } = server;
    const admin = await signInBenchAdmin(base);
    const auth = { ...admin.headers, 'content-type': 'application/json' };
    const post = async (url: string, body: object) =>
      (
        await fetch(`${base}/api/admin/${url}`, { method: 'POST', headers: auth, body: JSON.stringify(body) })
      ).json();
    const level = (await post('createlevel', { title: 'Bench' })).level.id;
    const period = (await post('createperiod', { title: 'P', levelid: level })).period.id;
    const lesson = (await post('createlessons', { title: 'L', levelid: period })).lesson.id;
    const session = (await post('createsession', { title: 'S', id: lesson })).session.id;

    const zipPath = path.join(dataDir, 'bench-upload.zip');
    const zipSize = await writeStoredZip(zipPath);

    const upload = async (file: string, size: number) => {
      const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBench\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${session}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const stream = async function* () {
        yield head;
        yield* fs.createReadStream(file, { highWaterMark: 256 * 1024 });
        yield tail;
      };
      const response = await fetch(`${base}/api/admin/upload`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
          ...admin.headers,
        },
        body: ReadableStreamFrom(stream()),
        duplex: 'half',
      } as RequestInit);
      return { status: response.status, body: await response.text() };
    };

    // Warm up every code path (multipart, hashing, unzip, file moves) with a small package first,
    // then let the process settle: the figure is what one more big upload costs a running server.
    const smallZip = path.join(dataDir, 'warmup.zip');
    const smallSize = await writeStoredZip(smallZip, 4);
    const warm = await upload(smallZip, smallSize);
    if (warm.status !== 200) throw new Error(`warm-up upload answered ${warm.status}: ${warm.body}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const samples: string[] = [];
    const onSample = process.env.BENCH_TRACE
      ? (ms: number, rss: number) => samples.push(`${Math.round(ms)}ms ${(rss / 1048576).toFixed(1)}`)
      : undefined;
    const {
      result,
      seconds,
      before: baseline,
      peak,
    } = await measurePeakRss(pid, () => upload(zipPath, zipSize), { onSample });
    if (process.env.BENCH_TRACE) console.log(samples.filter((_, i) => i % 5 === 0).join('\n'));
    if (result.status !== 200) throw new Error(`upload answered ${result.status}: ${result.body}`);

    const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
    const delta = peak - baseline;
    console.log(
      `upload to the ${useS3 ? 'S3 (s3rver)' : 'local'} file store: ${mb(zipSize)} MB zip (${ENTRIES + 1} stored entries) in ${seconds.toFixed(2)} s → ${result.body}`,
    );
    console.log(
      `server RSS: baseline ${mb(baseline)} MB, peak ${mb(peak)} MB, delta ${mb(delta)} MB (budget ${BUDGET_MB} MB)`,
    );
    if (delta > BUDGET_MB * 1024 * 1024) {
      console.error('FAIL: the upload raised the server RSS above the budget');
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A web ReadableStream over an async iterable of byte chunks (fetch streams request bodies). */
function ReadableStreamFrom(source: AsyncIterable<Buffer | string>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(typeof value === 'string' ? Buffer.from(value) : new Uint8Array(value));
    },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
