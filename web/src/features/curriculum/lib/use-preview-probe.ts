// Checks that a preview URL answers before it is framed, so a failure shows as a clear alert
// (status text and URL) instead of an empty or broken frame.
import { useQuery } from '@tanstack/react-query';
import { curriculumKeys } from '../api/query-keys';

export class PreviewProbeError extends Error {
  constructor(
    readonly status: string,
    readonly url: string,
  ) {
    super(`${status} (${url})`);
  }
}

async function probe(url: string, init: RequestInit): Promise<true> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new PreviewProbeError('Network error', url);
  }
  // Only the headers matter: drop the body (a PDF can be large).
  await response.body?.cancel();
  if (!response.ok) {
    throw new PreviewProbeError(`${response.status} ${response.statusText}`.trim(), url);
  }
  return true;
}

/** `url` null while it is not known yet (e.g. the content origin's address is loading). */
export function usePreviewProbe(url: string | null, init: RequestInit) {
  return useQuery({
    queryKey: curriculumKeys.previewProbe(url),
    queryFn: () => probe(url as string, init),
    enabled: url !== null,
    retry: false,
    gcTime: 0,
  });
}
