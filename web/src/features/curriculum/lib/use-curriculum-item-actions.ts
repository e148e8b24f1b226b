// The rename, delete and add calls of the curriculum screens with the toasts each kind of item
// answers with (the spec's texts, odd ones included): written once, so that the screens answer
// alike and differ only in their texts.
import type { z } from 'zod';
import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import {
  activityTitleSchema,
  type Item,
  lessonTitleSchema,
  levelTitleSchema,
  pdfTitleSchema,
  periodTitleSchema,
  sessionTitleSchema,
  type TitleInput,
} from '@/common/schemas/curriculum.js';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { notify } from '@/web/src/lib/notify';
import { type ItemKind, useDeleteItem, useRenameItem } from '../api/item-mutations';

/** A call's toasts: `done` (with its second line) on success, `failed` on failure. */
type Outcome = { done?: string; doneDetail?: string; failed: string };

type ItemTexts = {
  /** The name field's label, in the add and rename dialogs. */
  label: string;
  schema: z.ZodType<TitleInput, TitleInput>;
  edit: Outcome & { heading: string };
  remove: Outcome & { explanation: string };
  /** Adding by title (heading: the add dialog's), or uploading a file for PDFs and activities. */
  add: Outcome & { heading: string };
  /** A failed rename or delete toasts the server's reason when it gives one. */
  failureFromServer?: boolean;
};

const itemTexts: Record<ItemKind, ItemTexts> = {
  level: {
    label: m.levelNameLabel,
    schema: levelTitleSchema,
    edit: {
      heading: m.editLevelTitle,
      done: m.levelUpdated,
      doneDetail: m.levelUpdatedDescription,
      failed: m.levelUpdateFailed,
    },
    remove: { explanation: m.levelDeleteExplanation, done: m.levelDeleted, failed: m.levelDeleteFailed },
    // A new level has no success toast: its row appearing is the answer.
    add: { heading: m.addLevel, failed: m.levelAddFailed },
  },
  period: {
    label: m.periodNameLabel,
    schema: periodTitleSchema,
    edit: { heading: m.editPeriodTitle, done: m.periodUpdated, failed: m.periodUpdateFailed },
    remove: { explanation: m.periodDeleteExplanation, done: m.periodDeleted, failed: m.periodDeleteFailed },
    add: { heading: m.addPeriod, done: m.periodAdded, failed: m.periodAddFailed },
  },
  lesson: {
    label: m.lessonNameLabel,
    schema: lessonTitleSchema,
    edit: { heading: m.editLessonTitle, done: m.lessonUpdated, failed: m.lessonUpdateFailed },
    remove: { explanation: m.lessonDeleteExplanation, done: m.lessonDeleted, failed: m.lessonDeleteFailed },
    add: { heading: m.addLesson, done: m.lessonAdded, failed: m.lessonAddFailed },
  },
  session: {
    label: m.sessionNameLabel,
    schema: sessionTitleSchema,
    edit: { heading: m.editSessionTitle, done: m.sessionEdited, failed: m.sessionEditFailed },
    remove: {
      explanation: m.sessionDeleteExplanation,
      done: m.sessionDeleted,
      failed: m.sessionDeleteFailed,
    },
    add: { heading: m.addSession, done: m.sessionAdded, failed: m.sessionAddFailed },
  },
  pdf: {
    label: m.pdfNameLabel,
    schema: pdfTitleSchema,
    edit: { heading: m.editPdfTitle, done: m.pdfEdited, failed: m.pdfEditFailed },
    remove: { explanation: m.pdfDeleteExplanation, done: m.pdfDeleted, failed: m.pdfDeleteFailed },
    add: { heading: m.uploadPdf, done: m.pdfUploaded, failed: m.pdfUploadFailed },
  },
  activity: {
    label: m.activityNameLabel,
    schema: activityTitleSchema,
    edit: { heading: m.editActivityTitle, done: m.activityUpdated, failed: m.activityUpdateFailed },
    remove: {
      explanation: m.activityDeleteExplanation,
      done: m.activityDeleted,
      failed: m.activityDeleteFailed,
    },
    add: { heading: m.addActivity, done: m.activityAdded, failed: m.activityAddFailed },
    failureFromServer: true,
  },
};

function toastDone({ done, doneDetail }: Outcome): void {
  if (done) notify.success(done, doneDetail);
}

/** Toasts how a dialog's call ended; a failure is rethrown so that the dialog stays open with what
 * was typed. */
function toastKeepingDialogOpen<R>(
  call: Promise<R>,
  outcome: Outcome,
  toastFailure: (error: unknown) => void,
) {
  return call.then(
    (result) => {
      toastDone(outcome);
      return result;
    },
    (error: unknown) => {
      toastFailure(error);
      throw error;
    },
  );
}

export function useCurriculumItemActions(kind: ItemKind) {
  const rename = useRenameItem(kind);
  const remove = useDeleteItem(kind);
  const texts = itemTexts[kind];
  const toastFailed = (failed: string) => (error: unknown) =>
    notify.error(texts.failureFromServer ? getErrorMessage(error, failed) : failed);

  return {
    /** ManagedList's `label`, `edit` and `remove`: the list's heading is the name its dialogs ask for. */
    list: {
      label: texts.label,
      edit: {
        heading: texts.edit.heading,
        label: texts.label,
        schema: texts.schema,
        pending: rename.isPending,
        run: (item: Item, title: string) =>
          toastKeepingDialogOpen(
            rename.mutateAsync({ id: item.id, title }),
            texts.edit,
            toastFailed(texts.edit.failed),
          ),
      },
      // A failed delete only toasts (the confirmation closes either way).
      remove: {
        explanation: texts.remove.explanation,
        pending: remove.isPending,
        run: (item: Item) =>
          remove
            .mutateAsync({ id: item.id })
            .then(() => toastDone(texts.remove), toastFailed(texts.remove.failed)),
      },
    },
    /** The add dialog's texts and submit; `create` sends the typed title. */
    addDialog: (create: (title: string) => Promise<unknown>) => ({
      heading: texts.add.heading,
      label: texts.label,
      submitLabel: m.add,
      schema: texts.schema,
      onSubmit: (title: string) =>
        toastKeepingDialogOpen(create(title), texts.add, () => notify.error(texts.add.failed)),
    }),
    /** Toasts an upload (PDF or activity package); a refusal's second line is the server's reason. */
    upload: <R>(call: Promise<R>) =>
      toastKeepingDialogOpen(call, texts.add, (error) =>
        notify.error(texts.add.failed, getErrorMessage(error, '')),
      ),
  };
}
