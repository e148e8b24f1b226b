// PATCH user/updatePending/{activityId} (the product's name for what is the group's entry id):
// marks an activity completed on the server; the table in the cache is updated locally so the
// teacher sees it at once (docs/product.md#the-learning-tables-rules).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/web/src/lib/api-client';
import { getUserTableQueryOptions, type UserTable } from './get-user-table';
import { teacherAreaKeys } from './query-keys';

export async function updatePending(entryId: number): Promise<void> {
  await api.patch(`user/updatePending/${entryId}`);
}

export function markCompleted(table: UserTable, entryId: number): UserTable {
  return {
    ...table,
    period: table.period.map((period) => ({
      ...period,
      groupslesson: period.groupslesson.map((lesson) => ({
        ...lesson,
        sessions: lesson.sessions.map((session) => ({
          ...session,
          activities: session.activities.map((activity) =>
            activity.id === entryId ? { ...activity, status: 'completed' as const } : activity,
          ),
        })),
      })),
    })),
  };
}

export function useUpdatePending(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePending,
    // Offline, React Query would hold the call until the network is back, and the learner with it:
    // it fails at once instead, and the learner goes on to the activity (docs/product.md#states-and-transitions).
    networkMode: 'always',
    onSuccess: (_data, entryId) => {
      queryClient.setQueryData(getUserTableQueryOptions(groupId).queryKey, (table) =>
        table ? markCompleted(table, entryId) : table,
      );
      void queryClient.invalidateQueries({ queryKey: teacherAreaKeys.allGroups() });
    },
  });
}
