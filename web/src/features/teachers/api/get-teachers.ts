// GET admin/getteachers: every teacher with school name, level titles and group count.
import { useQuery } from '@tanstack/react-query';
import type { GetTeachersResponse } from '../../../../../common/schemas/teachers.js';
import { apiGetQueryOptions } from '../../../lib/api-get-query';
import { teacherKeys } from './query-keys';

export const getTeachersQueryOptions = () =>
  apiGetQueryOptions(
    teacherKeys.list(),
    'admin/getteachers',
    (answer: GetTeachersResponse) => answer.teachers,
  );

export const useTeachers = () => useQuery(getTeachersQueryOptions());
