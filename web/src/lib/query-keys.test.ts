// Which cached data a change refreshes: the key roots, the features' key factories and refreshAdminBut,
// on a real QueryClient.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { curriculumKeys } from '../features/curriculum/api/query-keys';
import { dashboardKeys } from '../features/dashboard/api/query-keys';
import { schoolKeys } from '../features/schools/api/query-keys';
import { teacherAreaKeys } from '../features/teacher-area/api/query-keys';
import { teacherKeys } from '../features/teachers/api/query-keys';
import { isKeyUnder, refreshAdminBut, rootKeys } from './query-keys';

describe('isKeyUnder', () => {
  it('matches a key and the keys below it, not its parents or siblings', () => {
    expect(isKeyUnder(schoolKeys.list(), schoolKeys.all)).toBe(true);
    expect(isKeyUnder(schoolKeys.usage(4), schoolKeys.all)).toBe(true);
    expect(isKeyUnder(rootKeys.admin, schoolKeys.all)).toBe(false);
    expect(isKeyUnder(teacherKeys.list(), schoolKeys.all)).toBe(false);
    expect(isKeyUnder(teacherAreaKeys.groups('3'), teacherAreaKeys.allGroups())).toBe(true);
    expect(isKeyUnder(teacherAreaKeys.table('3'), teacherAreaKeys.allGroups())).toBe(false);
  });
});

describe('key factories', () => {
  it('put every admin screen under the admin root and the teacher area under the learner root', () => {
    for (const key of [
      schoolKeys.list(),
      schoolKeys.usage(1),
      teacherKeys.list(),
      teacherKeys.formOptions(),
      dashboardKeys.kpi(),
      curriculumKeys.levels(),
      curriculumKeys.activities(2),
    ]) {
      expect(isKeyUnder(key, rootKeys.admin)).toBe(true);
    }
    expect(isKeyUnder(teacherAreaKeys.table('5'), rootKeys.learner)).toBe(true);
    expect(isKeyUnder(teacherAreaKeys.levels(), rootKeys.admin)).toBe(false);
  });

  it('give each id its own entry', () => {
    expect(curriculumKeys.periods(1)).not.toEqual(curriculumKeys.periods(2));
    expect(curriculumKeys.periods(1)).not.toEqual(curriculumKeys.lessons(1));
  });
});

describe('refreshAdminBut', () => {
  it('marks every admin query stale except the list the caller updated; the teacher area is left alone', async () => {
    const client = new QueryClient();
    const keys = {
      schools: schoolKeys.list(),
      usage: schoolKeys.usage(9),
      teachers: teacherKeys.list(),
      kpi: dashboardKeys.kpi(),
      table: teacherAreaKeys.table('1'),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, []);

    await refreshAdminBut(client, teacherKeys.list());

    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(keys.schools)).toBe(true);
    expect(stale(keys.usage)).toBe(true);
    expect(stale(keys.kpi)).toBe(true);
    expect(stale(keys.teachers)).toBe(false);
    expect(stale(keys.table)).toBe(false);
  });
});
