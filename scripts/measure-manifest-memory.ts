// Peak memory of recognising a package whose description is hostile: an h5p.json of
// 2 million nested brackets, an imsmanifest.xml and a cmi5.xml nested 700,000 elements deep (just under the 5 MB cap).
// Each case runs in a fresh process (the peak RSS of a process only grows) and prints its figure.
// Run: npx tsx scripts/measure-manifest-memory.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';

const cases: Record<string, () => Record<string, string>> = {
  'h5p.json, 2,000,000 nested brackets': () => ({
    'h5p.json': `{"mainLibrary":"H5P.X","preloadedDependencies":${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}}`,
    'content/content.json': '{}',
  }),
  'imsmanifest.xml, 700,000 nested elements': () => ({
    'imsmanifest.xml': `<manifest>${'<a>'.repeat(700_000)}${'</a>'.repeat(700_000)}</manifest>`,
    'index.html': '<p>x</p>',
  }),
  'cmi5.xml, 700,000 nested elements': () => ({
    'cmi5.xml': `<courseStructure>${'<a>'.repeat(700_000)}${'</a>'.repeat(700_000)}</courseStructure>`,
    'index.html': '<p>x</p>',
  }),
};

const [name] = process.argv.slice(2);
if (name) {
  const { describeStoredPackage } = await import('../server/features/uploads/zip-package.js');
  const file = path.join(os.tmpdir(), `manifest-memory-${process.pid}.zip`);
  // Stored, not deflated: the ratio check would refuse the repeated brackets before any parsing.
  const files = Object.fromEntries(Object.entries(cases[name]!()).map(([n, text]) => [n, strToU8(text)]));
  fs.writeFileSync(file, zipSync(files, { level: 0 }));
  global.gc?.();
  const before = process.memoryUsage().rss;
  let outcome: string;
  try {
    await describeStoredPackage(file);
    outcome = 'accepted';
  } catch (error) {
    outcome = `refused: ${(error as Error).message}`;
  } finally {
    fs.rmSync(file);
  }
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  // maxRSS is in KiB.
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(
    `${name}: peak RSS ${mb(peak)} (${mb(peak - before)} above the ${mb(before)} before) — ${outcome}`,
  );
} else {
  const self = fileURLToPath(import.meta.url);
  for (const each of Object.keys(cases)) {
    execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, each], { stdio: 'inherit' });
  }
}
