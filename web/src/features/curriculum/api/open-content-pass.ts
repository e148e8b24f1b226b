// GET content/pass, then POST /content/pass on the content origin: the admin's short-lived pass is
// exchanged there for the content origin's own host-only cookie, which its preview routes read
// (the app's session cookie never reaches that origin).
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contentPassSchema } from '../../../../../common/schemas/curriculum.js';
import { api } from '../../../lib/api-client';
import { PreviewProbeError } from '../lib/use-preview-probe';
import { curriculumKeys } from './query-keys';

export async function openContentPass(contentUrl: string): Promise<true> {
  const { data } = await api.get<z.infer<typeof contentPassSchema>>('content/pass');
  const url = `${contentUrl}/content/pass`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'text/plain' },
      body: data.pass,
    });
  } catch {
    throw new PreviewProbeError('Network error', url);
  }
  if (!response.ok) throw new PreviewProbeError(`${response.status} ${response.statusText}`.trim(), url);
  return true;
}

/** `contentUrl` null while it is not known yet; a fresh pass each time the preview opens. */
export const useContentPass = (contentUrl: string | null) =>
  useQuery({
    queryKey: curriculumKeys.contentPass(contentUrl),
    queryFn: () => openContentPass(contentUrl as string),
    enabled: contentUrl !== null,
    retry: false,
    gcTime: 0,
  });
