// A pupil signing in through their ENT (GAR profile National_elv, or a CAS server saying so through
// the school's mapping): the account their identity is known by, or one made on the spot in the
// school of the UAI (no email, no password: docs/pupils.md); their names when the ENT sends them;
// and the groups of the school made for their classes (docs/ent.md, « Les élèves »).
import type { Db } from '../../db/database.js';
import { insertPupil } from '../pupils/pupil-accounts.service.js';
import {
  type EntSchool,
  insertIdentity,
  replaceTeacherClasses,
  syncPupilGroups,
  touchIdentity,
  updatePupilFromEnt,
} from './ent.repository.js';
import { admitInTransaction, type EntOutcome, recordEntCreation, roleMismatch } from './ent-admission.js';
import type { EntIdentity } from './ent-identity.js';

export function admitPupil(
  db: Db,
  identity: EntIdentity,
  options: { now: Date; casSchool?: EntSchool },
): Promise<EntOutcome> {
  return admitInTransaction(db, identity, options, async (trx, known, school, now) => {
    let pupilId: number;
    let created = false;
    if (known) {
      // A teacher's or an admin's identity arriving as a pupil's: never that account.
      if (known.role !== 'pupil') return roleMismatch(known, 'pupil');
      if (known.active !== 1) return { kind: 'refused', reason: 'accountInactive' };
      pupilId = known.id;
      await touchIdentity(trx, identity, now);
    } else {
      // Never linked to another account by email: a pupil's account is only ever their identity's.
      pupilId = await insertPupil(trx, {
        schoolId: school.id,
        name: identity.lastName,
        firstname: identity.firstName,
        now: options.now,
      });
      created = true;
      await insertIdentity(trx, { userId: pupilId, ...identity, now });
      await recordEntCreation(trx, 'pupil', pupilId, identity, school);
    }
    await updatePupilFromEnt(trx, pupilId, {
      name: identity.lastName,
      firstname: identity.firstName,
      now,
    });
    // Kept so that a group made later for one of these classes takes the pupil in at once.
    await replaceTeacherClasses(trx, pupilId, identity.classes);
    await syncPupilGroups(trx, { pupilId, schoolId: school.id, classes: identity.classes, now });
    return { kind: 'signed-in', userId: pupilId, created, role: 'pupil' };
  });
}
