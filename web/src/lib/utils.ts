// Class-name helper shared by the ui components: clsx for conditions, tailwind-merge for overrides.
import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** The avatar's initials: first name then name ("CM" for Camille Martin); one of them alone gives
 * its first two letters. */
export function getInitials(firstname: string, name: string): string {
  const first = firstname.trim();
  const last = name.trim();
  const initials = first && last ? `${first[0]}${last[0]}` : (first || last).slice(0, 2);
  return initials.toLocaleUpperCase('fr') || '?';
}

/** Roles are shown with underscores replaced by spaces (docs/product.md#what-it-does-and-for-whom). */
export function formatRole(role: string): string {
  return role.replaceAll('_', ' ');
}
