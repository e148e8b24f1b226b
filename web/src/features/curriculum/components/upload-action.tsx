// A screen's upload (a lesson's PDFs, a session's activities): the button that opens the upload
// dialog, shown in the header and again in the empty list, and the one dialog both copies open (it
// stays mounted when the list stops being empty, so an activity's summary still shows).
import { Upload } from 'lucide-react';
import { useState } from 'react';
import type { UploadKind } from '@/common/schemas/curriculum.js';
import { Button } from '@/web/src/components/ui/button';
import { useUploadFile } from '../api/upload-file';
import { UploadDialog, uploadTexts } from './upload-dialog';

/** `toast` is useCurriculumItemActions' `upload`; `parentId` is null when the URL holds no valid id. */
export function useUploadAction(
  kind: UploadKind,
  parentId: number | null,
  toast: <R>(call: Promise<R>) => Promise<R>,
) {
  const [open, setOpen] = useState(false);
  const upload = useUploadFile();
  const button = (
    <Button onClick={() => setOpen(true)}>
      <Upload aria-hidden="true" />
      {uploadTexts[kind].heading}
    </Button>
  );
  const dialog = (
    <UploadDialog
      kind={kind}
      open={open}
      onOpenChange={setOpen}
      parentId={parentId}
      pending={upload.isPending}
      onUpload={({ title, file, onProgress }) =>
        toast(upload.mutateAsync({ kind, parentId: parentId ?? 0, title, file, onProgress })).then(
          // An activity's dialog shows what its package was recognised as before closing.
          (result) => (kind === 'zip' ? result.package : undefined),
        )
      }
    />
  );
  return { button, dialog };
}
