// GET content/preview/{id}: where the admin previews an activity's package, its folder on the
// package's own origin with a pass in the path (no cookie: the content host may be another site).
import { useQuery } from '@tanstack/react-query';
import { AxiosError } from 'axios';
import type { z } from 'zod';
import type { previewFolderSchema } from '@/common/schemas/curriculum.js';
import { api } from '@/web/src/lib/api-client';
import { PreviewProbeError } from '../lib/use-preview-probe';
import { curriculumKeys } from './query-keys';

export async function getPreviewFolder(id: number): Promise<string> {
  const url = `content/preview/${id}`;
  try {
    const { data } = await api.get<z.infer<typeof previewFolderSchema>>(url);
    return data.folder;
  } catch (error) {
    // Shown as a failed preview: its status and what answered it.
    if (error instanceof AxiosError && error.response) {
      const { status, statusText } = error.response;
      throw new PreviewProbeError(`${status} ${statusText}`.trim(), `${window.location.origin}/api/${url}`);
    }
    throw error;
  }
}

/** `id` null while unknown; a fresh pass each time the preview opens. */
export const usePreviewFolder = (id: number | null) =>
  useQuery({
    queryKey: curriculumKeys.previewFolder(id),
    queryFn: () => getPreviewFolder(id as number),
    enabled: id !== null,
    retry: false,
    gcTime: 0,
  });
