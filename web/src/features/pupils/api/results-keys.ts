// Query keys of a group's pupils' results (under the teacher area's root, so what refreshes the
// teacher area refreshes them too).
import { rootKeys } from '@/web/src/lib/query-keys';

export const pupilResultsKeys = {
  all: [...rootKeys.learner, 'pupil-results'] as const,
  grid: (groupId: string) => [...pupilResultsKeys.all, groupId] as const,
  detail: (groupId: string, pupilId: number) => [...pupilResultsKeys.all, groupId, pupilId] as const,
};
