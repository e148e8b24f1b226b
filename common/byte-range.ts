// Single byte ranges of the Range header (RFC 9110 §14), enough for PDF.js, audio and video; used by
// the server's PDF stream and by the offline player's service worker.

export type ByteRange = { start: number; end: number };

/**
 * The range asked for, `null` when the whole file should be sent (no header, several ranges, or a
 * unit we do not serve), or 'unsatisfiable' when it lies outside the file.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
