// A lesson (docs/product.md#screens-and-routes /lesson/{id}): its sessions and its PDF attachments, switched by a dropdown.
// Sessions: add, rename, delete, a row opens the session. PDFs: upload with progress, rename,
// delete, a row opens the preview. Back goes to the lesson's period (or the levels).
import { FileText, Layers } from 'lucide-react';
import { useState } from 'react';
import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import { Label } from '@/web/src/components/ui/label';
import { Select } from '@/web/src/components/ui/select';
import { paths } from '@/web/src/config/paths';
import { isNotFound } from '@/web/src/lib/is-not-found';
import { useCreateSession } from '../api/create-session';
import { useLessonContent } from '../api/get-lesson-content';
import { AddItemButton } from '../components/add-item-button';
import { CurriculumHeader } from '../components/curriculum-header';
import { ManagedList } from '../components/managed-list';
import { CurriculumNotFound } from '../components/not-found';
import { useUploadAction } from '../components/upload-action';
import { useCurriculumItemActions } from '../lib/use-curriculum-item-actions';
import { useIdParam } from '../lib/use-id-param';
import { useReorder } from '../lib/use-reorder';

type View = 'sessions' | 'pdfs';

export default function LessonPage() {
  const lessonId = useIdParam();
  const content = useLessonContent(lessonId);
  const [view, setView] = useState<View>('sessions');
  const createSession = useCreateSession();
  const sessionActions = useCurriculumItemActions('session');
  const pdfActions = useCurriculumItemActions('pdf');
  const upload = useUploadAction('pdf', lessonId, pdfActions.upload);
  const onReorder = useReorder('sessions', lessonId);

  if (lessonId === null || isNotFound(content.error)) {
    return <CurriculumNotFound />;
  }

  // Both views show parts of the same answer, so they load and fail together.
  const loading = {
    isPending: content.isPending,
    error: content.isError ? m.sessionsLoadFailed : null,
    onRetry: () => void content.refetch(),
  };
  const addButton =
    view === 'sessions' ? (
      <AddItemButton
        pending={createSession.isPending}
        dialog={sessionActions.addDialog((title) => createSession.mutateAsync({ title, id: lessonId }))}
      />
    ) : (
      upload.button
    );

  return (
    <>
      <CurriculumHeader
        query={content}
        name={content.data?.lessontitle}
        tabTitle={content.data?.lessontitle}
        subtitle={
          content.data ? m.lessonCounts(content.data.session.length, content.data.pdf.length) : undefined
        }
        actions={addButton}
      />
      <div className="mb-4 flex items-center gap-3">
        <Label htmlFor="lesson-view" className="shrink-0">
          {m.show}
        </Label>
        <Select
          id="lesson-view"
          className="w-48"
          value={view}
          onChange={(event) => setView(event.target.value as View)}
        >
          <option value="sessions">{m.sessionsTab}</option>
          <option value="pdfs">{m.pdfsTab}</option>
        </Select>
      </div>

      {view === 'sessions' ? (
        <ManagedList
          items={content.data?.session}
          {...loading}
          {...sessionActions.list}
          icon={Layers}
          hrefOf={(session) => paths.session.getHref(session.id)}
          testId="sessions-list"
          onReorder={onReorder}
          empty={{ title: m.sessionsEmptyTitle, description: m.sessionsEmptyDescription, action: addButton }}
        />
      ) : (
        <ManagedList
          items={content.data?.pdf}
          {...loading}
          {...pdfActions.list}
          icon={FileText}
          hrefOf={(pdf) => paths.pdfPreview.getHref(pdf.id)}
          linkState={(pdf) => ({ title: pdf.title, backTo: paths.lesson.getHref(lessonId) })}
          testId="pdfs-list"
          empty={{ title: m.pdfsEmptyTitle, description: m.pdfsEmptyDescription, action: addButton }}
        />
      )}

      {upload.dialog}
    </>
  );
}
