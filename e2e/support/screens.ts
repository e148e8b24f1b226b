// The screens the walks visit and the window sizes they visit them at: the suite's own walk
// (screens.e2e.test.ts) and the one run by hand for axe and screenshots (walk-screens.ts).

export const VIEWPORTS = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } };

/** The records the screens with an id in their path show. */
export type ScreenRecords = Record<
  'school' | 'teacher' | 'level' | 'period' | 'lesson' | 'session',
  { id: number }
>;

/** Every admin screen by name and path, the unknown-id and not-found screens included. */
export function adminScreens(records: ScreenRecords): Array<[name: string, url: string]> {
  return [
    ['dashboard', '/dashboard'],
    ['schools', '/schools'],
    ['schoolform', '/schoolform'],
    ['schoolformedit', `/schoolformedit/${records.school.id}`],
    ['schoolformedit-unknown', '/schoolformedit/999999'],
    ['teachers', '/teachers'],
    ['teachersform', '/teachersform'],
    ['teacherformedit', `/teacherformedit/${records.teacher.id}`],
    ['options', '/options'],
    ['audit', '/audit'],
    ['levels', '/levels'],
    ['periods', `/periode/${records.level.id}`],
    ['lessons', `/levels/${records.period.id}`],
    ['lesson', `/lesson/${records.lesson.id}`],
    ['session', `/session/${records.session.id}`],
    ['session-unknown', '/session/999999'],
    ['not-found', '/no-such-page'],
  ];
}
