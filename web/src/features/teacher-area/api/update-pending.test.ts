// markCompleted: the learning table the teacher sees at once after opening an activity (docs/product.md#states-and-transitions).
import { describe, expect, it } from 'vitest';
import { userTableResponseSchema } from '@/common/schemas/teacher-area.js';
import type { UserTable } from './get-user-table';
import { markCompleted } from './update-pending';

const activity = (id: number, status: 'pending' | 'completed' = 'pending') => ({
  id,
  name: `Activité ${id}`,
  status,
  score: null,
  kind: 'html5' as const,
});

const table: UserTable = {
  group: { id: 3, title: 'CE2 B', levelid: 1, leveltitle: 'CE2' },
  period: [
    {
      periodsid: 1,
      groupsid: 3,
      title: 'Période 1',
      groupslesson: [
        {
          id: 10,
          title: 'Les voyelles',
          pdfgroups: [{ id: 5, title: 'Fiche' }],
          sessions: [
            { id: 100, name: 'Séance 1', activities: [activity(1000), activity(1001, 'completed')] },
            { id: 101, name: 'Séance 2', activities: [activity(1002)] },
          ],
        },
      ],
    },
    {
      periodsid: 2,
      groupsid: 3,
      title: 'Période 2',
      groupslesson: [
        {
          id: 11,
          title: 'Les consonnes',
          pdfgroups: [],
          sessions: [{ id: 102, name: 'S', activities: [activity(1003)] }],
        },
      ],
    },
  ],
};

const statuses = (t: UserTable) =>
  t.period.flatMap((p) =>
    p.groupslesson.flatMap((l) => l.sessions.flatMap((s) => s.activities.map((a) => a.status))),
  );

describe('markCompleted', () => {
  it('completes only that activity, wherever it sits in the table', () => {
    expect(statuses(markCompleted(table, 1002))).toEqual(['pending', 'completed', 'completed', 'pending']);
    expect(statuses(markCompleted(table, 1003))).toEqual(['pending', 'completed', 'pending', 'completed']);
  });

  it('keeps a completed activity completed and an unknown id changes nothing', () => {
    expect(markCompleted(table, 1001)).toEqual(table);
    expect(markCompleted(table, 9999)).toEqual(table);
  });

  it('returns a new table that still matches the API schema, leaving the cached one as it was', () => {
    const next = markCompleted(table, 1000);
    expect(next).not.toBe(table);
    expect(statuses(table)[0]).toBe('pending');
    expect(userTableResponseSchema.parse({ res: next }).res).toEqual(next);
  });
});
