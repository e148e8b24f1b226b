// Query keys of the curriculum screens, one per list, so mutations refresh exactly what they change.
import { rootKeys } from '@/web/src/lib/query-keys';

export const curriculumKeys = {
  all: [...rootKeys.admin, 'curriculum'] as const,
  levels: () => [...curriculumKeys.all, 'levels'] as const,
  periods: (levelId: number) => [...curriculumKeys.all, 'periods', levelId] as const,
  lessons: (periodId: number) => [...curriculumKeys.all, 'lessons', periodId] as const,
  lessonContent: (lessonId: number) => [...curriculumKeys.all, 'lesson', lessonId] as const,
  activities: (sessionId: number) => [...curriculumKeys.all, 'activities', sessionId] as const,
  activityPackage: (activityId: number) => [...curriculumKeys.all, 'activity-package', activityId] as const,
  pdfDetails: (pdfId: number) => [...curriculumKeys.all, 'pdf-details', pdfId] as const,
  /** Whether a preview address answers: not admin data, so not refreshed with it. */
  previewProbe: (url: string | null) => ['preview-probe', url] as const,
  previewFolder: (activityId: number | null) => ['preview-folder', activityId] as const,
};
