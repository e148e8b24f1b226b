// Tables of cases for docs/product.md#states-and-transitions: clickability, lesson order and locking, period locking.
import { describe, expect, it } from 'vitest';
import {
  activityToDoFirst,
  arrangeLessons,
  canOpenActivity,
  countActivities,
  isActivityClickable,
  isLessonComplete,
  isPeriodLocked,
  lessonActivities,
  type RuleLesson,
} from './learning-rules.js';

type TestLesson = RuleLesson & { name: string };

/**
 * A lesson written compactly: sessions separated by '|', one letter per activity in row order,
 * C = completed, P = pending. Activity ids are the lesson's letter index plus a base, so a case
 * can name them: lesson('A', 'CP|P') has activities A1 (C), A2 (P), A3 (P) with ids 1, 2, 3.
 */
function lesson(name: string, layout: string, base = 0): TestLesson {
  let next = base;
  return {
    name,
    sessions: layout.split('|').map((session) => ({
      activities: [...session].map((letter) => ({
        id: ++next,
        status: letter === 'C' ? ('completed' as const) : ('pending' as const),
      })),
    })),
  };
}

describe('isLessonComplete', () => {
  it.each([
    ['CC|C', true],
    ['CC|P', false],
    ['P', false],
    ['', true],
    ['|', true],
  ])('%s → %s', (layout, expected) => {
    expect(isLessonComplete(lesson('L', layout))).toBe(expected);
  });
});

describe('clickability inside an unlocked lesson (first pending in session-then-row order)', () => {
  // layout, then for each activity in order whether it may be opened
  it.each([
    ['PPP', [true, false, false]],
    ['CPP', [true, true, false]],
    ['CCC', [true, true, true]],
    ['C|PP', [true, true, false]],
    ['CC|C|P', [true, true, true, true]],
    // a pending activity earlier in the order wins even if a later session has completed ones
    ['P|C', [true, true]],
    ['CP|CP', [true, true, true, false]],
    ['|P|P', [true, false]],
  ])('%s → %j', (layout, expected) => {
    const [arranged] = arrangeLessons([lesson('L', layout)]);
    const clickable = lessonActivities(arranged!.lesson).map((a) => isActivityClickable(arranged!, a));
    expect(clickable).toEqual(expected);
  });

  it('allows nothing in a locked lesson, not even completed activities', () => {
    const arranged = arrangeLessons([lesson('A', 'P', 0), lesson('B', 'CP', 10)]);
    expect(arranged.map((a) => [a.lesson.name, a.locked])).toEqual([
      ['A', false],
      ['B', true],
    ]);
    const b = arranged[1]!;
    expect(lessonActivities(b.lesson).map((a) => isActivityClickable(b, a))).toEqual([false, false]);
    expect(b.nextActivityId).toBeNull();
  });
});

describe('lesson order and locking', () => {
  // lessons as name:layout in their stored order → [name, locked] in display order
  it.each([
    ['one lesson is never locked', ['A:PP'], [['A', false]]],
    [
      'only the first incomplete lesson is open',
      ['A:P', 'B:P', 'C:P'],
      [
        ['A', false],
        ['B', true],
        ['C', true],
      ],
    ],
    [
      'a started lesson does not open the next one',
      ['A:CP', 'B:P'],
      [
        ['A', false],
        ['B', true],
      ],
    ],
    [
      'completed lessons go last and stay open',
      ['A:C', 'B:P', 'C:P'],
      [
        ['B', false],
        ['C', true],
        ['A', false],
      ],
    ],
    [
      'finishing the first lesson opens the second',
      ['A:CC', 'B:PP', 'C:P'],
      [
        ['B', false],
        ['C', true],
        ['A', false],
      ],
    ],
    [
      'all complete: nothing locked, order kept',
      ['A:C', 'B:C|C'],
      [
        ['A', false],
        ['B', false],
      ],
    ],
    [
      'an empty lesson counts as complete',
      ['A:', 'B:P', 'C:P'],
      [
        ['B', false],
        ['C', true],
        ['A', false],
      ],
    ],
    [
      'completed lessons in the middle move after the incomplete ones',
      ['A:P', 'B:CC', 'C:PC', 'D:C'],
      [
        ['A', false],
        ['C', true],
        ['B', false],
        ['D', false],
      ],
    ],
  ])('%s', (_title, lessons, expected) => {
    const built = lessons.map((spec, i) => {
      const [name, layout] = spec.split(':') as [string, string];
      return lesson(name, layout, i * 100);
    });
    expect(arrangeLessons(built).map((a) => [a.lesson.name, a.locked])).toEqual(expected);
  });
});

describe('canOpenActivity across periods', () => {
  const periods = [[lesson('A', 'CP', 0), lesson('B', 'P', 10)], [lesson('C', 'P|P', 20)], []];
  it.each([
    [1, true], // completed in open lesson
    [2, true], // first pending of open lesson A
    [11, false], // lesson B locked behind A
    [21, true], // each period has its own first lesson
    [22, false], // not the first pending
    [999, false], // unknown
  ])('activity %i → %s', (id, expected) => {
    expect(canOpenActivity(periods, id)).toBe(expected);
  });
});

describe('periods', () => {
  it.each([
    [[], true],
    [[lesson('A', 'P')], false],
    [[lesson('A', '')], false],
  ])('a period with %j lessons locked → %s', (lessons, expected) => {
    expect(isPeriodLocked({ lessons })).toBe(expected);
  });

  it('counts completed and total activities', () => {
    expect(countActivities([lesson('A', 'CP|C'), lesson('B', 'P'), lesson('C', '')])).toEqual({
      completed: 2,
      total: 4,
    });
  });
});

describe('activityToDoFirst (the locked toast names it)', () => {
  const lessons = [lesson('A', 'CP|P', 0), lesson('B', 'PP', 10), lesson('C', 'CC', 20)];
  it.each<[number, number | null, string]>([
    [3, 2, 'a later activity of the open lesson: its next pending one'],
    [11, 2, 'an activity of a locked lesson: the next one of the open lesson'],
    [12, 2, 'the second activity of a locked lesson: the same'],
    [2, null, 'the activity that may open: none'],
    [1, null, 'a completed activity: none'],
    [21, null, 'an activity of a completed lesson: none'],
    [99, null, 'an activity of another period: none'],
  ])('activity %i → %s (%s)', (activityId, expected) => {
    expect(activityToDoFirst(lessons, activityId)?.id ?? null).toBe(expected);
  });
});
