// Query keys of the teacher area: levels, each level's groups, each group's learning table.
import { rootKeys } from '@/web/src/lib/query-keys';

export const teacherAreaKeys = {
  all: rootKeys.learner,
  levels: () => [...teacherAreaKeys.all, 'levels'] as const,
  /** Every level's groups (their progress counters move when an activity is completed). */
  allGroups: () => [...teacherAreaKeys.all, 'groups'] as const,
  groups: (levelId: string) => [...teacherAreaKeys.allGroups(), levelId] as const,
  table: (groupId: string) => [...teacherAreaKeys.all, 'table', groupId] as const,
  /** What the group's pupils were given, and did of it. */
  assignments: (groupId: string) => [...teacherAreaKeys.all, 'assignments', groupId] as const,
  /** The classes the ENT sent, with whether each has its group in the level. */
  classes: (levelId: string) => [...teacherAreaKeys.all, 'classes', levelId] as const,
};
