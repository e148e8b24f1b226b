// Measures what hostile XLSX workbooks cost the server when previewed: the production build
// (`npm run build` first) runs as a child process on free ports with a fresh SQLite database; each
// workbook of server/fixtures/hostile-xlsx.ts (built here, in memory) is sent to
// POST /api/admin/import/schools/preview while the server's RSS is sampled from /proc every 10 ms.
// Prints, per workbook, the answer (status, bytes, first line), the time, and the peak RSS above the
// level of the idle server (a fresh one for each); then two at once (the two largest, and the
// largest one read whole twice), and whether the server still answers.
// `npm run measure:import-memory` (`-- --budget=100` exits 1 when a preview goes above 100 MB).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importColumns } from '../common/schemas/imports.js';
import { hostileWorkbooks } from '../server/fixtures/hostile-xlsx.js';
import { uaiFor, xlsxFile } from '../server/fixtures/import-files.js';
import {
  type BenchServer,
  builtServer,
  measurePeakRss,
  signInBenchAdmin,
  startBenchServer,
} from './bench-server.js';

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
const budgetArg = process.argv.find((arg) => arg.startsWith('--budget='));
const BUDGET_MB = budgetArg ? Number(budgetArg.slice('--budget='.length)) : null;

type Answer = { status: number; bytes: number; head: string; error?: string };

async function preview(base: string, headers: Record<string, string>, file: Buffer): Promise<Answer> {
  const boundary = `----measure${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="hostile.xlsx"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  try {
    const response = await fetch(`${base}/api/admin/import/schools/preview`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    let bytes = 0;
    let head = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (head.length < 200)
        head += Buffer.from(chunk)
          .toString('utf8')
          .slice(0, 200 - head.length);
    }
    return { status: response.status, bytes, head: head.split('\n')[0] ?? '' };
  } catch (error) {
    return { status: 0, bytes: 0, head: '', error: String((error as Error).cause ?? error) };
  }
}

async function answers(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/api/auth/me`)).status === 204;
  } catch {
    return false;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

function describe(answer: Answer): string {
  if (answer.error) return `no answer (${answer.error})`;
  return `${answer.status}, ${mb(answer.bytes)} MB answered, first line ${answer.head.slice(0, 140)}`;
}

async function main(): Promise<void> {
  const mainJs = builtServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ardoise-measure-import-'));
  let server: BenchServer | undefined;
  const start = async () => {
    server = await startBenchServer(mainJs, dataDir);
    const { headers } = await signInBenchAdmin(server.base);
    // Warm every code path of an XLSX preview with a small valid workbook first.
    const warm = await xlsxFile(importColumns.schools, [
      [uaiFor(1_000_001), 'École', 'Lyon', '', '', '0102030405', '', '01/09/2026', '31/08/2027', '', ''],
    ]);
    const answer = await preview(server.base, headers, warm);
    if (answer.status !== 200) throw new Error(`warm-up preview: ${describe(answer)}`);
    await settle();
    return { server, headers };
  };
  let failed = false;
  try {
    const files = Object.fromEntries(
      await Promise.all(
        Object.entries(hostileWorkbooks).map(async ([name, build]) => [name, await build()] as const),
      ),
    );
    // A fresh server for each measure: the figure is what the preview costs an idle server.
    const measures: [string, Buffer[]][] = [
      ...Object.entries(files).map(([name, file]): [string, Buffer[]] => [name, [file]]),
      ['nestedRuns + richText at once', [files.nestedRuns!, files.richText!]],
      ['richText twice at once', [files.richText!, files.richText!]],
    ];
    for (const [name, sent] of measures) {
      const { server: running, headers } = await start();
      const run = await measurePeakRss(running.pid, () =>
        Promise.all(sent.map((file) => preview(running.base, headers, file))),
      );
      const alive = await answers(running.base);
      const size = sent.map((file) => `${(file.length / 1024).toFixed(0)} KB`).join(' + ');
      console.log(
        `${name} (${size}): ${run.result.map(describe).join(' | ')}; ${run.seconds.toFixed(1)} s; ` +
          `RSS ${mb(run.before)} MB idle, peak +${mb(run.peak - run.before)} MB above idle; server ${alive ? 'answers' : 'DOWN'}`,
      );
      if (BUDGET_MB !== null && run.peak - run.before > BUDGET_MB * 1024 * 1024) failed = true;
      if (!alive || run.result.some((answer) => answer.status === 0)) failed = true;
      await running.stop();
      server = undefined;
    }
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed && BUDGET_MB !== null) {
    console.error('FAIL: a preview went above the budget, or the server stopped answering');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
