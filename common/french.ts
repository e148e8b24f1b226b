// French number, size and plural rules for every text a person reads (screens, server answers,
// the audit log): one place, so that "1 fichier" and "2 fichiers" read the same everywhere.

const numberFormat = new Intl.NumberFormat('fr-FR');

/** 12345 -> '12 345' (French grouping, a narrow no-break space). */
export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

/** A count and its noun, by the French rule: 0 and 1 take the singular ('0 école', '1 fichier',
 * '2 fichiers', '1 234 écoles'). */
export function plural(n: number, singular: string, pluralForm: string): string {
  return `${formatNumber(n)} ${Math.abs(n) < 2 ? singular : pluralForm}`;
}

const SIZE_UNITS = ['o', 'Ko', 'Mo', 'Go'];

/** 1 234 567 bytes -> '1,2 Mo', in French units. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: digits })} ${SIZE_UNITS[unit]}`;
}

/** A wait as a person reads it, never shorter than the wait: 45 -> '45 secondes', 61 -> '2 minutes'. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'seconde', 'secondes');
  return plural(Math.ceil(seconds / 60), 'minute', 'minutes');
}
