// Downloads an activity's package on the app origin with the `?token=` URL (docs/product.md#api-calls), so the token
// never reaches the content origin, and hands its bytes on as they arrive (the player unzips and
// stores them meanwhile). Sends the hashes of the copies the device already holds (the player
// frame's, the app's kept packages): a 304 names, in its ETag, the one that is current. Enforces the 100 MB cap from content-length and a 10 s timeout for the answer and for
// each silence between chunks (docs/product.md#business-constants-and-limits).
import { ACTIVITY_DOWNLOAD_MAX_BYTES, HTTP_TIMEOUT_MS } from '@/common/constants.js';
import { NAMESPACE_PATTERN } from '@/web/shared/protocol';

/** offline: no answer at all (the network is cut), as against an answer that is an error. */
export type DownloadFailure = 'too-large' | 'timeout' | 'failed' | 'offline';

export class PackageDownloadError extends Error {
  constructor(readonly reason: DownloadFailure) {
    super(reason);
  }
}

export type DownloadResult = { status: 'current' | 'downloaded'; namespace: string };

type Options = {
  entryId: string;
  token: string;
  /** The hashes of the copies this device holds, most likely first. */
  held: readonly string[];
  signal: AbortSignal;
  /** A package of `size` bytes is coming: its chunks follow, in order (each one's buffer is its own). */
  onStart: (namespace: string, size: number) => void;
  onChunk: (chunk: Uint8Array<ArrayBuffer>) => void;
  onProgress: (fraction: number) => void;
};

function namespaceFromEtag(etag: string | null): string | null {
  const value = etag?.replace(/^W\//, '').replace(/"/g, '').trim().toLowerCase() ?? '';
  return NAMESPACE_PATTERN.test(value) ? value : null;
}

export async function downloadPackage({
  entryId,
  token,
  held,
  signal,
  onStart,
  onChunk,
  onProgress,
}: Options): Promise<DownloadResult> {
  const controller = new AbortController();
  const abortFromCaller = () => controller.abort();
  signal.addEventListener('abort', abortFromCaller);
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const armTimeout = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, HTTP_TIMEOUT_MS);
  };

  try {
    armTimeout();
    const headers: Record<string, string> = { Accept: 'application/zip, application/octet-stream' };
    if (held.length > 0) headers['If-None-Match'] = held.map((hash) => `"${hash}"`).join(', ');
    const response = await fetch(
      `/api/user/activity/download/${encodeURIComponent(entryId)}?token=${encodeURIComponent(token)}`,
      { headers, signal: controller.signal, cache: 'no-store' },
    ).catch((error: unknown) => {
      if (timedOut || signal.aborted) throw error;
      throw new PackageDownloadError('offline');
    });
    if (response.status === 304 && held.length > 0) {
      const current = namespaceFromEtag(response.headers.get('etag')) ?? (held.length === 1 ? held[0] : null);
      if (!current || !held.includes(current)) throw new PackageDownloadError('failed');
      return { status: 'current', namespace: current };
    }
    if (!response.ok || !response.body) throw new PackageDownloadError('failed');

    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > ACTIVITY_DOWNLOAD_MAX_BYTES) throw new PackageDownloadError('too-large');
    const namespace = namespaceFromEtag(response.headers.get('etag'));
    if (!namespace) throw new PackageDownloadError('failed');

    // Passed on chunk by chunk when the size is announced, else gathered and passed on at the end.
    const size = Number.isSafeInteger(declared) && declared > 0 ? declared : null;
    if (size) onStart(namespace, size);
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let received = 0;
    for (;;) {
      armTimeout();
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
      if (received > (size ?? ACTIVITY_DOWNLOAD_MAX_BYTES)) {
        throw new PackageDownloadError(size ? 'failed' : 'too-large');
      }
      if (!size) chunks.push(value);
      else {
        onChunk(ownBuffer(value));
        onProgress(received / size);
      }
    }
    if (!size) {
      if (received === 0) throw new PackageDownloadError('failed');
      onStart(namespace, received);
      onChunk(concat(chunks, received));
    } else if (received !== size) throw new PackageDownloadError('failed');
    onProgress(1);
    return { status: 'downloaded', namespace };
  } catch (error) {
    if (error instanceof PackageDownloadError) throw error;
    throw new PackageDownloadError(timedOut ? 'timeout' : 'failed');
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abortFromCaller);
  }
}

/** The chunk over a buffer of its own, so that the buffer can be transferred. */
function ownBuffer(chunk: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;
  return whole && chunk.buffer instanceof ArrayBuffer ? (chunk as Uint8Array<ArrayBuffer>) : chunk.slice();
}

function concat(chunks: Uint8Array[], length: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
