// Pure helpers of the SPA shell: avatar initials and role labels.
import { describe, expect, it } from 'vitest';
import { formatRole, getInitials } from './utils';

describe('getInitials', () => {
  it('takes the first name then the name', () => {
    expect(getInitials('Camille', 'Martin')).toBe('CM');
    expect(getInitials('élodie', 'dupont')).toBe('ÉD');
  });

  it('falls back to two letters of whichever is known, then to "?"', () => {
    expect(getInitials('', 'Admin')).toBe('AD');
    expect(getInitials('  ', '')).toBe('?');
  });
});

describe('formatRole', () => {
  it('shows underscores as spaces (docs/product.md#what-it-does-and-for-whom)', () => {
    expect(formatRole('super_admin')).toBe('super admin');
  });
});
