import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@/common/schemas/insights.js';
import { auditSentence, detailLines } from './audit-labels';

const throttle = (details: Record<string, unknown>): AuditEntry => ({
  id: 1,
  at: '2026-11-26T08:00:00.000Z',
  actor: null,
  action: 'auth.throttle',
  entity: 'auth',
  entityId: null,
  details,
});

describe('throttling in the audit log', () => {
  it('says whose tries were slowed, during what, and for how long, in French', () => {
    const account = throttle({ email: 'a@ecole.fr', scope: 'account', seconds: 120, purpose: 'sign-in' });
    expect(auditSentence(account)).toBe(
      'Essais ralentis pour le compte «\u00a0a@ecole.fr\u00a0» lors de la connexion : prochain essai dans 2 minutes',
    );
    expect(detailLines(account)).toEqual([]);
    expect(
      auditSentence(
        throttle({ email: 'a@ecole.fr', scope: 'device', seconds: 60, purpose: 'password-change' }),
      ),
    ).toBe(
      'Essais ralentis sur un navigateur connu du compte «\u00a0a@ecole.fr\u00a0» lors d’un changement de mot de passe : prochain essai dans 1 minute',
    );
    expect(
      auditSentence(
        throttle({
          email: 'x@y.z',
          scope: 'address',
          address: '198.51.100.7',
          seconds: 6,
          purpose: 'ent-link',
        }),
      ),
    ).toBe(
      'Essais ralentis depuis l’adresse 198.51.100.7 lors de la liaison à l’ENT : prochain essai dans 6 secondes',
    );
  });
});

describe("pupils' exports and erasures in the audit log", () => {
  const entry = (
    action: string,
    details: Record<string, unknown>,
    actor: AuditEntry['actor'],
  ): AuditEntry => ({
    id: 2,
    at: '2026-11-28T08:00:00.000Z',
    actor,
    action,
    entity: 'pupil',
    entityId: 42,
    details,
  });
  const admin = { id: 1, name: 'Admin', email: 'admin@ecole.fr' } as AuditEntry['actor'];

  it('names the pupil by id only, and tells an admin erase from the retention rule', () => {
    expect(auditSentence(entry('pupil.export', {}, admin))).toBe('a exporté les données de l’élève n° 42');
    expect(auditSentence(entry('pupil.erase', { reason: 'admin' }, admin))).toBe('a effacé l’élève n° 42');
    expect(auditSentence(entry('pupil.erase', { reason: 'retention' }, null))).toBe(
      'Élève n° 42 effacé : pas revenu pendant la durée de conservation',
    );
  });
});
