// `npm test`: everything CI runs, then a summary a person can read: each leg's count and time, and
// a closing line "N passed, N failed". The typecheck, the lint, the build and the API suite run side
// by side first (their output is printed whole as each ends: the first three are mostly one thread
// each and short, and the API suite waits on its databases and child servers much of the time; run
// after them it took CI past 9 minutes), then the E2E suite alone (it keeps both cores busy, and its
// flows are timed by a browser). Every leg runs even
// when an earlier one failed (but the E2E suite needs the build), so one run tells everything that
// is wrong. Exit code 0 only when nothing failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProjectCounts, RunSummary } from './test-summary-reporter.js';

type Leg = { name: string; command: string[]; tests?: boolean; needs?: string; first?: boolean };
type Outcome = { name: string; ok: boolean; seconds: number; counts?: RunSummary; note?: string };

const REPORTER = ['--reporter=default', '--reporter=./scripts/test-summary-reporter.ts'];
const legs: Leg[] = [
  { name: 'typecheck', command: ['tsc', '-p', 'tsconfig.json', '--noEmit'], first: true },
  { name: 'lint', command: ['biome', 'check', '.'], first: true },
  { name: 'build', command: ['npm', 'run', 'build'], first: true },
  { name: 'api', command: ['vitest', 'run', ...REPORTER], tests: true, first: true },
  {
    name: 'e2e',
    command: ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...REPORTER],
    tests: true,
    needs: 'build',
  },
];

const binPath = [path.resolve('node_modules/.bin'), process.env.PATH].join(path.delimiter);

/** Runs a leg's command; a leg that runs beside others has its output held and printed whole. */
function run(leg: Leg, env: NodeJS.ProcessEnv): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(leg.command[0]!, leg.command.slice(1), {
      stdio: leg.first ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, PATH: binPath, ...env },
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('close', (code) => {
      if (leg.first) console.log(`\n━━ ${leg.name}: ${leg.command.join(' ')}\n${Buffer.concat(output)}`);
      resolve(code === 0);
    });
    child.once('error', () => resolve(false));
  });
}

async function runLeg(leg: Leg, done: Outcome[]): Promise<Outcome> {
  if (leg.needs && !done.find((outcome) => outcome.name === leg.needs)?.ok) {
    return { name: leg.name, ok: false, seconds: 0, note: `not run: ${leg.needs} failed` };
  }
  if (!leg.first) console.log(`\n━━ ${leg.name}: ${leg.command.join(' ')}`);
  const summaryFile = path.join(os.tmpdir(), `ardoise-test-summary-${process.pid}-${leg.name}.json`);
  fs.rmSync(summaryFile, { force: true });
  const started = performance.now();
  const ok = await run(leg, leg.tests ? { TEST_SUMMARY_FILE: summaryFile } : {});
  const seconds = (performance.now() - started) / 1000;
  if (!leg.tests) return { name: leg.name, ok, seconds };
  const counts = fs.existsSync(summaryFile)
    ? (JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as RunSummary)
    : undefined;
  fs.rmSync(summaryFile, { force: true });
  // A test leg that exits with an error but reports no failing test still failed (a crash, a
  // config error): it counts as one failure.
  return { name: leg.name, ok, seconds, counts, note: counts ? undefined : 'no test report' };
}

const describeCounts = ({ passed, failed, skipped }: ProjectCounts) =>
  [`${passed} passed`, failed ? `${failed} failed` : '', skipped ? `${skipped} skipped` : '']
    .filter(Boolean)
    .join(', ');

function printSummary(outcomes: Outcome[], total: number): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  const rows: string[][] = [];
  for (const outcome of outcomes) {
    const time = `${outcome.seconds.toFixed(1)} s`;
    if (!outcome.counts) {
      // A check leg (or a test leg without a report) counts as one.
      if (outcome.ok && !outcome.note) passed += 1;
      else failed += 1;
      rows.push([outcome.name, outcome.note ?? (outcome.ok ? 'ok' : 'FAILED'), time]);
      continue;
    }
    const projects = Object.entries(outcome.counts);
    let legFailed = 0;
    for (const [project, counts] of projects) {
      passed += counts.passed;
      legFailed += counts.failed;
      const label = projects.length > 1 ? `${outcome.name} · ${project}` : outcome.name;
      rows.push([label, describeCounts(counts), projects.length > 1 ? '' : time]);
    }
    // Exited with an error though every test passed (an unhandled error in teardown, say).
    if (!outcome.ok && legFailed === 0) {
      legFailed = 1;
      rows.push([outcome.name, 'FAILED: exited with an error', '']);
    }
    failed += legFailed;
    if (projects.length > 1) rows.push([`${outcome.name} (one run)`, '', time]);
  }
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.log('\n━━ summary');
  for (const row of rows) {
    console.log(
      `${row[0]!.padEnd(widths[0]!)}  ${row[1]!.padEnd(widths[1]!)}  ${row[2]!.padStart(widths[2]!)}`,
    );
  }
  console.log(
    `total time ${Math.floor(total / 60)} min ${Math.round(total % 60)
      .toString()
      .padStart(2, '0')} s`,
  );
  return { passed, failed };
}

const started = performance.now();
const outcomes = await Promise.all(legs.filter((leg) => leg.first).map((leg) => runLeg(leg, [])));
for (const leg of legs.filter((leg) => !leg.first)) outcomes.push(await runLeg(leg, outcomes));
const { passed, failed } = printSummary(outcomes, (performance.now() - started) / 1000);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
