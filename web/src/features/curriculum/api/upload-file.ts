// POST admin/upload (multipart: title, id, file): a PDF for a lesson (answers newPdf, 40 s) or an
// activity package (.zip or .h5p) for a session (answers newfile and what the package was
// recognised as, 30 s). Title and id go first so the server can check
// them before it stores the file's bytes. Progress comes from axios' upload events.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACTIVITY_UPLOAD_TIMEOUT_MS, PDF_UPLOAD_TIMEOUT_MS } from '@/common/constants.js';
import { curriculumMessages } from '@/common/messages/curriculum.js';
import type { PackageSummary } from '@/common/schemas/activity-package.js';
import type { Item, UploadKind } from '@/common/schemas/curriculum.js';
import { api } from '@/web/src/lib/api-client';
import { curriculumKeys } from './query-keys';

export type UploadVariables = {
  kind: UploadKind;
  /** The lesson (PDF) or session (zip) the file belongs to. */
  parentId: number;
  title: string;
  file: File;
  /** 0..1 while the bytes go out. */
  onProgress?: (fraction: number) => void;
};

/** The stored item and, for an activity, what its package was recognised as. */
export type UploadResult = { item: Item; package?: PackageSummary };

export async function uploadFile({
  kind,
  parentId,
  title,
  file,
  onProgress,
}: UploadVariables): Promise<UploadResult> {
  const form = new FormData();
  form.append('title', title);
  form.append('id', String(parentId));
  form.append('file', file, file.name);
  const { data } = await api.post<{ newPdf?: Item; newfile?: Item; package?: PackageSummary }>(
    'admin/upload',
    form,
    {
      timeout: kind === 'pdf' ? PDF_UPLOAD_TIMEOUT_MS : ACTIVITY_UPLOAD_TIMEOUT_MS,
      onUploadProgress: (event) => {
        if (event.total) onProgress?.(event.loaded / event.total);
      },
    },
  );
  const item = kind === 'pdf' ? data.newPdf : data.newfile;
  if (!item) throw new Error(curriculumMessages.uploadNoItem);
  return { item, package: data.package };
}

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    onSuccess: (_item, { kind, parentId }) =>
      queryClient.invalidateQueries({
        queryKey:
          kind === 'pdf' ? curriculumKeys.lessonContent(parentId) : curriculumKeys.activities(parentId),
      }),
  });
}
