// `npm run admin -- <command> <email>`: create an admin or reset an admin's password from a shell,
// with the server stopped or running, on the database the environment names (as the server does).

import { PASSWORD_MIN_LENGTH } from '../common/constants.js';
import { isEmail } from '../common/schemas/admin-fields.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { isUniqueViolation } from './db/unique-violation.js';
import { createAdminAccount, randomPassword, resetAdminPassword } from './features/auth/admin-accounts.js';

export const ADMIN_USAGE = `Usage:
  npm run admin -- create <email>           create an admin
  npm run admin -- reset-password <email>   give an admin a new password (signs them out everywhere)
The password is ADMIN_PASSWORD when set (at least ${PASSWORD_MIN_LENGTH} characters), else a random one printed once.`;

/** Runs one command; returns the exit code. Every line for the user goes through `print`. */
export async function runAdminCommand(
  args: string[],
  config: Config,
  print: (line: string) => void,
): Promise<number> {
  const [command, rawEmail, ...rest] = args;
  const email = rawEmail?.trim().toLowerCase() ?? '';
  if ((command !== 'create' && command !== 'reset-password') || rest.length > 0 || !isEmail(email)) {
    print(ADMIN_USAGE);
    return 2;
  }
  const chosen = config.adminPassword;
  if (chosen !== undefined && chosen.length < PASSWORD_MIN_LENGTH) {
    print(`ADMIN_PASSWORD is too short: at least ${PASSWORD_MIN_LENGTH} characters.`);
    return 1;
  }
  const password = chosen ?? randomPassword();
  const shown = chosen === undefined ? ` with password ${password} (shown once: change it in /options)` : '';
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db, config.database.kind);
    if (command === 'create') {
      await createAdminAccount(db, email, password);
      print(`Created the admin ${email}${shown}`);
      return 0;
    }
    if (!(await resetAdminPassword(db, email, password))) {
      print(`No admin has the email ${email}.`);
      return 1;
    }
    print(`New password for ${email}${shown}`);
    return 0;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    print(`An account already uses the email ${email}.`);
    return 1;
  } finally {
    await db.destroy();
  }
}

const isMain = process.argv[1]?.replace(/\.ts$/, '.js').endsWith('admin-cli.js');
if (isMain) {
  try {
    process.exitCode = await runAdminCommand(process.argv.slice(2), loadConfig(), (line) =>
      console.log(line),
    );
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  }
}
