// GET user/getuserlevels: the levels the signed-in teacher may open (admins: all of them).
import { useQuery } from '@tanstack/react-query';
import type { UserLevelsResponse } from '../../../../../common/schemas/learner.js';
import { apiGetQueryOptions } from '../../../lib/api-get-query';
import { learnerKeys } from './query-keys';

export const getUserLevelsQueryOptions = () =>
  apiGetQueryOptions(learnerKeys.levels(), 'user/getuserlevels', (answer: UserLevelsResponse) => answer.res);

export const useUserLevels = () => useQuery(getUserLevelsQueryOptions());
