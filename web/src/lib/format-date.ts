// Calendar dates as the screens show them.

/** 'YYYY-MM-DD' as a French calendar date, or an em dash when empty. */
export function formatDate(value: string): string {
  if (!value) return '—';
  const date = new Date(`${value}T00:00:00`);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('fr-FR');
}
