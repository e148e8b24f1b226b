// Downloads an activity's package on the app origin with the `?token=` URL (SPEC §7), so the token
// never reaches the content origin. Sends the hash of the copy the device already holds: a 304
// means it is current. Enforces the 100 MB cap from content-length and a 10 s timeout for the
// answer and for each silence between chunks (SPEC §9).
import { ACTIVITY_DOWNLOAD_MAX_BYTES, HTTP_TIMEOUT_MS } from '../../../../../common/constants.js';
import { NAMESPACE_PATTERN } from '../../../../player/protocol';

export type DownloadFailure = 'too-large' | 'timeout' | 'failed';

export class PackageDownloadError extends Error {
  constructor(readonly reason: DownloadFailure) {
    super(reason);
  }
}

export type DownloadResult =
  | { status: 'current'; namespace: string }
  | { status: 'downloaded'; namespace: string; bytes: ArrayBuffer };

type Options = {
  activityId: string;
  token: string;
  held: string | null;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
};

function namespaceFromEtag(etag: string | null): string | null {
  const value = etag?.replace(/^W\//, '').replace(/"/g, '').trim().toLowerCase() ?? '';
  return NAMESPACE_PATTERN.test(value) ? value : null;
}

export async function downloadPackage({
  activityId,
  token,
  held,
  signal,
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
    if (held) headers['If-None-Match'] = `"${held}"`;
    const response = await fetch(
      `/api/user/activity/download/${encodeURIComponent(activityId)}?token=${encodeURIComponent(token)}`,
      { headers, signal: controller.signal, cache: 'no-store' },
    );
    if (response.status === 304 && held) return { status: 'current', namespace: held };
    if (!response.ok || !response.body) throw new PackageDownloadError('failed');

    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > ACTIVITY_DOWNLOAD_MAX_BYTES) throw new PackageDownloadError('too-large');
    const namespace = namespaceFromEtag(response.headers.get('etag'));
    if (!namespace) throw new PackageDownloadError('failed');

    // Into one buffer of the announced size when known (no copies), else gathered chunks.
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    const target = Number.isFinite(declared) && declared > 0 ? new Uint8Array(declared) : null;
    let received = 0;
    for (;;) {
      armTimeout();
      const { done, value } = await reader.read();
      if (done) break;
      if (received + value.length > (target?.length ?? ACTIVITY_DOWNLOAD_MAX_BYTES)) {
        throw new PackageDownloadError(target ? 'failed' : 'too-large');
      }
      if (target) target.set(value, received);
      else chunks.push(value);
      received += value.length;
      if (target) onProgress(received / target.length);
    }
    if (target && received !== target.length) throw new PackageDownloadError('failed');
    const bytes = target ?? concat(chunks, received);
    onProgress(1);
    return { status: 'downloaded', namespace, bytes: bytes.buffer as ArrayBuffer };
  } catch (error) {
    if (error instanceof PackageDownloadError) throw error;
    throw new PackageDownloadError(timedOut ? 'timeout' : 'failed');
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abortFromCaller);
  }
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
