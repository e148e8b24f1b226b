// Display helpers of the school screens.

/** 'YYYY-MM-DD' as a French calendar date, or an em dash when empty. */
export function formatDate(value: string): string {
  if (!value) return '—';
  const date = new Date(`${value}T00:00:00`);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('fr-FR');
}

/** A safe link target for a stored website: http(s) only (the server refuses other schemes). */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}
