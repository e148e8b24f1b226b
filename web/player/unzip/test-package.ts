// A small package for the player's zip tests: a deflated page, a stored (level 0) script with a
// non-ASCII name, binary bytes and an empty file.
import { zipSync } from 'fflate';

export const text = (value: string) => new TextEncoder().encode(value);

export const files = {
  'index.html': text('<h1>Bonjour</h1>'.repeat(50)),
  'assets/été.js': text('console.log(1);'),
  'assets/raw.bin': Uint8Array.from({ length: 3000 }, (_, i) => (i * 7919) % 251),
  'empty.txt': new Uint8Array(0),
};

export const zip = zipSync({
  'index.html': files['index.html'],
  'assets/été.js': [files['assets/été.js'], { level: 0 }],
  'assets/raw.bin': files['assets/raw.bin'],
  'empty.txt': files['empty.txt'],
});
