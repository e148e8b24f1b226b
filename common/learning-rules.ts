// The learning table's rules (docs/product.md#states-and-transitions): lesson order, lesson locking and which activity may be
// opened. Pure functions shared by the table screen and the server, which enforces the same rule
// when an activity is marked completed.

export type RuleStatus = 'pending' | 'completed';
export type RuleActivity = { id: number; status: RuleStatus };
export type RuleSession = { activities: readonly RuleActivity[] };
export type RuleLesson = { sessions: readonly RuleSession[] };

export type ArrangedLesson<L extends RuleLesson> = {
  lesson: L;
  complete: boolean;
  locked: boolean;
  /** The one pending activity that may be opened next, if the lesson is not locked. */
  nextActivityId: number | null;
};

/** Activities of a lesson in session-then-row order. */
export function lessonActivities(lesson: RuleLesson): RuleActivity[] {
  return lesson.sessions.flatMap((session) => session.activities);
}

/** A lesson is fully complete when none of its activities is pending (an empty lesson is). */
export function isLessonComplete(lesson: RuleLesson): boolean {
  return lesson.sessions.every((session) => session.activities.every((a) => a.status === 'completed'));
}

/** The first pending activity in session-then-row order, or null. */
export function firstPendingActivity(lesson: RuleLesson): RuleActivity | null {
  for (const session of lesson.sessions) {
    for (const activity of session.activities) if (activity.status === 'pending') return activity;
  }
  return null;
}

/**
 * Orders a period's lessons (fully completed ones last, otherwise keeping their order) and says
 * which are locked: a lesson is locked if it is not first, is not fully complete, and any earlier
 * lesson is incomplete.
 */
export function arrangeLessons<L extends RuleLesson>(lessons: readonly L[]): ArrangedLesson<L>[] {
  const withState = lessons.map((lesson) => ({ lesson, complete: isLessonComplete(lesson) }));
  const sorted = [...withState.filter((l) => !l.complete), ...withState.filter((l) => l.complete)];
  let earlierIncomplete = false;
  return sorted.map(({ lesson, complete }, index) => {
    const locked = index > 0 && !complete && earlierIncomplete;
    if (!complete) earlierIncomplete = true;
    return {
      lesson,
      complete,
      locked,
      nextActivityId: locked ? null : (firstPendingActivity(lesson)?.id ?? null),
    };
  });
}

/**
 * Whether an activity may be opened: nothing in a locked lesson; a completed activity always;
 * a pending one only if it is the first pending activity of its lesson.
 */
export function isActivityClickable(arranged: ArrangedLesson<RuleLesson>, activity: RuleActivity): boolean {
  if (arranged.locked) return false;
  if (activity.status === 'completed') return true;
  return arranged.nextActivityId === activity.id;
}

/** A period without lessons is shown locked and cannot be expanded. */
export function isPeriodLocked(period: { lessons: readonly unknown[] }): boolean {
  return period.lessons.length === 0;
}

/** Finds an activity among periods (each a list of lessons) and says whether it may be opened. */
export function canOpenActivity(periods: readonly (readonly RuleLesson[])[], activityId: number): boolean {
  for (const lessons of periods) {
    for (const arranged of arrangeLessons(lessons)) {
      const activity = lessonActivities(arranged.lesson).find((a) => a.id === activityId);
      if (activity) return isActivityClickable(arranged, activity);
    }
  }
  return false;
}

/** The activity to do before `activityId` may open, within its period's lessons: the next one of
 * its own lesson, or, when that lesson is locked, the next one of the earliest unfinished lesson.
 * Null when the activity may open already or is not among these lessons. */
export function activityToDoFirst(lessons: readonly RuleLesson[], activityId: number): RuleActivity | null {
  const arranged = arrangeLessons(lessons);
  const activity = arranged.flatMap((a) => lessonActivities(a.lesson)).find((a) => a.id === activityId);
  if (!activity || activity.status === 'completed') return null;
  // Only the earliest unfinished lesson is open, so it holds the one activity that may open next.
  const open = arranged.find((a) => !a.locked && a.nextActivityId !== null);
  if (!open || open.nextActivityId === activityId) return null;
  return lessonActivities(open.lesson).find((a) => a.id === open.nextActivityId) ?? null;
}

/** Completed and total activities of a list of lessons (the period header's "completed/total"). */
export function countActivities(lessons: readonly RuleLesson[]): { completed: number; total: number } {
  let completed = 0;
  let total = 0;
  for (const lesson of lessons) {
    for (const activity of lessonActivities(lesson)) {
      total += 1;
      if (activity.status === 'completed') completed += 1;
    }
  }
  return { completed, total };
}
