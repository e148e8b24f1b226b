// Class-name helper shared by the ui components: clsx for conditions, tailwind-merge for overrides.
import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** Up to two initials of a display name, for the avatar. */
export function getInitials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const initials =
    parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : (parts[0]?.slice(0, 2) ?? '');
  return initials.toUpperCase() || '?';
}

/** Roles are shown with underscores replaced by spaces (SPEC §1). */
export function formatRole(role: string): string {
  return role.replaceAll('_', ' ');
}
