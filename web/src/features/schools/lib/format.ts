// Display helpers of the school screens.

/** A safe link target for a stored website: http(s) only (the server refuses other schemes). */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}
