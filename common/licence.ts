// A school's licence, by one rule for every screen and the server: the sign-in check, the
// dashboard's licences to renew and the school list all read a licence through this file. Its teachers
// may be signed in only while it is switched on and today lies within its dates. Dates are ISO
// 'YYYY-MM-DD' (UTC days), so text order is date order.
export type LicenceDates = { active: boolean; start: string | null; end: string | null };

/** Why the licence keeps the school's teachers out, or 'active' when it lets them in. A missing
 * date refuses, as the SQL twin's comparisons with NULL do (server/features/schools/licence.ts). */
export type LicenceState = 'active' | 'inactive' | 'notStarted' | 'expired';

const DAY_MS = 86_400_000;

/** The calendar day of `now` in UTC, as the dates are stored. */
export const isoDay = (now: Date): string => now.toISOString().slice(0, 10);

/** Whole days from one ISO day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function licenceState(licence: LicenceDates, today: string): LicenceState {
  if (!licence.active) return 'inactive';
  if (!licence.start || licence.start > today) return 'notStarted';
  if (!licence.end || licence.end < today) return 'expired';
  return 'active';
}

/** Days left until the end date (negative once past it), as the dashboard counts them. */
export function licenceDaysLeft(end: string, today: string): number {
  return daysBetween(today, end);
}

/** The dashboard's words for days left: 'échue depuis 8 j', 'aujourd’hui', 'dans 12 j'. */
export function daysLeftText(days: number): string {
  if (days < 0) return `échue depuis ${-days} j`;
  if (days === 0) return 'aujourd’hui';
  return `dans ${days} j`;
}

/** What the school list's status column says: the spec's Actif / Inactif badge words, and beside
 * them the two states a switched-on licence can be in while it still keeps teachers out. */
export function licenceStatusText(licence: LicenceDates, today: string): string {
  switch (licenceState(licence, today)) {
    case 'active':
      return 'Actif';
    case 'inactive':
      return 'Inactif';
    case 'expired':
      return licence.end
        ? capitalise(daysLeftText(licenceDaysLeft(licence.end, today)))
        : 'Sans fin de licence';
    case 'notStarted':
      return licence.start
        ? `Commence ${daysLeftText(daysBetween(today, licence.start))}`
        : 'Sans début de licence';
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
