// The admin's own profile: name, firstname, email, telephone, password. A password change signs the
// admin out of every OTHER session and keeps the one that made the change (no surprise logout).
import { adminProfileMessages } from '../../../common/messages/admin.js';
import { dropUndefined } from '../../../common/schemas/admin-fields.js';
import type { AdminProfileResponse, AdminProfileUpdate } from '../../../common/schemas/admin-profile.js';
import type { Db } from '../../db/database.js';
import type { UserUpdate } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { conflict, unauthorized } from '../../http-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import {
  deleteOtherSessionsOfUser,
  findUserById,
  hashPassword,
  isEmailTaken,
  updateUserColumns,
} from '../auth/accounts.service.js';
import type { Caller } from '../auth/caller.js';

export async function updateAdminProfile(
  db: Db,
  caller: Caller,
  input: AdminProfileUpdate,
): Promise<AdminProfileResponse['admin']> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      if (input.email && (await isEmailTaken(trx, input.email, caller.id))) {
        throw conflict(adminProfileMessages.emailTaken);
      }
      const changes: UserUpdate = {
        name: input.name,
        firstname: input.firstname,
        email: input.email,
        telephone: input.telephone,
        password_hash: passwordHash,
      };
      const columns = dropUndefined(changes);
      if (Object.keys(columns).length > 0) {
        await updateUserColumns(trx, caller.id, columns);
        if (passwordHash) await deleteOtherSessionsOfUser(trx, caller.id, caller.sessionId);
        const { password: _password, ...visible } = input;
        await recordAudit(trx, {
          actorId: caller.id,
          action: 'admin.update-profile',
          entity: 'user',
          entityId: caller.id,
          details: { fields: Object.keys(visible), passwordChanged: Boolean(passwordHash) },
        });
      }
      const admin = await findUserById(trx, caller.id);
      if (!admin) throw unauthorized(adminProfileMessages.updateFailed);
      return {
        id: admin.id,
        name: admin.name,
        firstname: admin.firstname,
        email: admin.email,
        telephone: admin.telephone,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(adminProfileMessages.emailTaken);
    throw error;
  }
}
