// The rules of ENT access that need no server: reading what an ENT sends, where a sign-in may lead
// afterwards, how an address is shown half-hidden, and the service provider's kept key pair.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { maskEmail } from './ent-handoff.js';
import { entRole, readIdentity } from './ent-identity.js';
import { safeNextPath } from './next-path.js';
import { loadServiceProviderKeys } from './sp-keys.js';

const gar = { provider: 'gar' as const, issuer: 'https://idp.gar.test' };
const teacher = { IDO: 'ido-1', NOM: 'Martin', PRE: 'Claire', UAI: '0750654d', PRO: 'National_ens' };

describe('reading what the ENT sends', () => {
  it('takes single values where lists are expected, and the GAR’s "code##label" classes', () => {
    const read = readIdentity(
      { ...teacher, DIV: '6A##6EME A', GRO: ['LAT##Latin', 'LAT##Latin', 'G2'] },
      gar,
    );
    expect(read).toEqual({
      identity: {
        ...gar,
        subject: 'ido-1',
        lastName: 'Martin',
        firstName: 'Claire',
        email: null,
        uais: ['0750654D'],
        profiles: ['national_ens'],
        classes: [
          { kind: 'div', code: '6A', label: '6EME A' },
          { kind: 'gro', code: 'LAT', label: 'Latin' },
          { kind: 'gro', code: 'G2', label: 'G2' },
        ],
      },
    });
  });

  it('refuses values too long or holding control characters, and says what is missing', () => {
    expect(readIdentity({ ...teacher, NOM: 'x'.repeat(101) }, gar)).toEqual({ refusal: 'invalid' });
    expect(readIdentity({ ...teacher, PRE: 'Cla\u0000ire' }, gar)).toEqual({ refusal: 'invalid' });
    expect(readIdentity({ ...teacher, DIV: ['6A\n##x'] }, gar)).toEqual({ refusal: 'invalid' });
    expect(readIdentity({ ...teacher, DIV: Array(201).fill('6A') }, gar)).toEqual({ refusal: 'invalid' });
    expect(readIdentity({ ...teacher, NOM: { nested: true } }, gar)).toEqual({ refusal: 'invalid' });
    expect(readIdentity({ ...teacher, IDO: undefined }, gar)).toEqual({ refusal: 'attributes' });
    // The GAR always names the school; a UAI without its key letter is no UAI.
    expect(readIdentity({ ...teacher, UAI: '0750654E' }, gar)).toEqual({ refusal: 'attributes' });
  });

  it('reads a CAS server’s own names through the school’s mapping, the CAS user as identity', () => {
    const read = readIdentity(
      { sn: 'Durand', mail: 'Paul@Ent.test', profil: 'National_ENS' },
      {
        provider: 'cas',
        issuer: 'https://cas.test/cas',
        user: 'pdurand',
        mapping: { NOM: 'sn', P_MEL: 'mail', PRO: 'profil' },
      },
    );
    expect(read).toMatchObject({
      identity: { subject: 'pdurand', lastName: 'Durand', email: 'paul@ent.test', uais: [] },
    });
  });

  it('lets teachers and teacher-librarians in as teachers, pupils as pupils, refuses other profiles', () => {
    expect(entRole(['national_ens'])).toBe('teacher');
    expect(entRole(['national_doc'])).toBe('teacher');
    expect(entRole(['national_elv'])).toBe('pupil');
    expect(entRole(['national_elv', 'national_ens'])).toBe('teacher');
    expect(entRole(['national_tut'])).toBeNull();
  });

  it('needs a name from staff, never from a pupil', () => {
    const source = { provider: 'gar' as const, issuer: 'https://idp.test' };
    const base = { IDO: 'x1', UAI: '0750654D', DIV: ['6A##6EME A', '6A'], GRO: 'LAT' };
    expect(readIdentity({ ...base, PRO: 'National_ens' }, source)).toEqual({ refusal: 'attributes' });
    expect(readIdentity({ ...base, PRO: 'National_elv' }, source)).toMatchObject({
      identity: {
        lastName: '',
        firstName: '',
        classes: [
          { kind: 'div', code: '6A', label: '6EME A' },
          { kind: 'gro', code: 'LAT', label: 'LAT' },
        ],
      },
    });
  });
});

describe('where a sign-in leads afterwards', () => {
  const publicUrl = 'https://ardoise.test';
  it('keeps a path of Ardoise, with its query and fragment', () => {
    expect(safeNextPath(undefined, publicUrl)).toBe('');
    expect(safeNextPath('/usergroups/3?vue=table#x', publicUrl)).toBe('/usergroups/3?vue=table#x');
  });
  it.each([
    'https://evil.test/',
    '//evil.test',
    '/\\evil.test',
    'javascript:alert(1)',
    '/api/auth/logout',
    // Paths that become another host, or the API, once normalised.
    '/.%2e//evil.test',
    '/%2e%2e//evil.test/x',
    '/x/..//evil.test',
    '/./%2e%2e/api/auth/logout',
    '/\u0000x',
    'x'.repeat(501),
  ])('refuses %s', (value) => {
    expect(safeNextPath(value, publicUrl)).toBeNull();
  });
});

it('shows enough of an address to recognise it', () => {
  expect(maskEmail('claire.martin@ac-lyon.fr')).toBe('c…n@ac-lyon.fr');
  expect(maskEmail('al@x.fr')).toBe('a…@x.fr');
});

it('generates the service provider’s pair once into DATA_DIR, and keeps it', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-sp-test-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, SAML_IDP_METADATA: 'https://idp.test/metadata' });
    const first = await loadServiceProviderKeys(config);
    expect(first.certPem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect((await fs.stat(path.join(dataDir, 'saml', 'sp-key.pem'))).mode & 0o777).toBe(0o600);
    expect(await loadServiceProviderKeys(config)).toEqual(first);
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
