// GET user/activity/statements/{entryId}: the xAPI statements an activity sent for a group entry
// (verb, time, score), newest first, for the teacher's view of what the content reported.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StatementSummary, statementsResponseSchema } from '@/common/schemas/xapi.js';
import { api } from '@/web/src/lib/api-client';

export async function getActivityStatements(entryId: number): Promise<StatementSummary[]> {
  const { data } = await api.get(`user/activity/statements/${entryId}`);
  return statementsResponseSchema.parse(data).statements;
}

export const getActivityStatementsQueryOptions = (entryId: number) =>
  queryOptions({
    queryKey: ['learner', 'statements', entryId],
    queryFn: () => getActivityStatements(entryId),
    // Always fresh when opened: the content may have sent more since.
    staleTime: 0,
  });

export const useActivityStatements = (entryId: number, enabled: boolean) =>
  useQuery({ ...getActivityStatementsQueryOptions(entryId), enabled });
