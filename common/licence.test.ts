// The licence rule the school list, the dashboard and the sign-in check share.
import { describe, expect, it } from 'vitest';
import { daysLeftText, licenceState, licenceStatusText } from './licence.js';

const today = '2026-11-26';
const licence = (active: boolean, start: string | null, end: string | null) => ({ active, start, end });

describe('licenceState and licenceStatusText', () => {
  it.each([
    [licence(true, '2026-09-01', '2027-06-30'), 'active', 'Actif'],
    [licence(true, '2026-09-01', today), 'active', 'Actif'],
    [licence(false, '2026-09-01', '2027-06-30'), 'inactive', 'Inactif'],
    [licence(false, '2025-09-01', '2026-11-18'), 'inactive', 'Inactif'],
    // Switched on, but 8 days past its end: the dashboard's "échue depuis 8 j", not "Actif".
    [licence(true, '2025-09-01', '2026-11-18'), 'expired', 'Échue depuis 8 j'],
    [licence(true, '2026-11-29', '2027-06-30'), 'notStarted', 'Commence dans 3 j'],
    [licence(true, null, '2027-06-30'), 'notStarted', 'Sans début de licence'],
    [licence(true, '2026-09-01', null), 'expired', 'Sans fin de licence'],
  ] as const)('%j → %s, “%s”', (dates, state, text) => {
    expect(licenceState(dates, today)).toBe(state);
    expect(licenceStatusText(dates, today)).toBe(text);
  });

  it('says days left as the dashboard does', () => {
    expect([-8, 0, 12].map(daysLeftText)).toEqual(['échue depuis 8 j', 'aujourd’hui', 'dans 12 j']);
  });
});
