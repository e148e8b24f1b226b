// GET admin/activity-package/{id}: what an activity's package was recognised as and where its preview
// starts (kind, launch page relative to the unpacked package).
import type { ActivityPackage } from '@/common/schemas/curriculum.js';
import { queryById } from './query-by-id';
import { curriculumKeys } from './query-keys';

export const useActivityPackage = queryById<ActivityPackage>(
  'admin/activity-package',
  curriculumKeys.activityPackage,
);
