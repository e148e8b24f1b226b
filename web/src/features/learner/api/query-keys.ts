// Query keys of the teacher area: levels, each level's groups, each group's learning table.
import { rootKeys } from '../../../lib/query-keys';

export const learnerKeys = {
  all: rootKeys.learner,
  levels: () => [...learnerKeys.all, 'levels'] as const,
  /** Every level's groups (their progress counters move when an activity is completed). */
  allGroups: () => [...learnerKeys.all, 'groups'] as const,
  groups: (levelId: string) => [...learnerKeys.allGroups(), levelId] as const,
  table: (groupId: string) => [...learnerKeys.all, 'table', groupId] as const,
  /** The classes the ENT sent, with whether each has its group in the level. */
  classes: (levelId: string) => [...learnerKeys.all, 'classes', levelId] as const,
};
