// The ENT side of the E2E tests and the sign-in benchmark: a SimpleSAMLphp identity provider that
// knows a server started on a port picked beforehand, its GAR test users, and a school of theirs.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { NewSchool } from '../../server/db/schema.js';
import { createCertificate } from '../../server/features/ent/certificates.js';
import { buildLevel, storePackage } from '../../server/fixtures/curriculum.js';
import { createSchool, newUai } from '../../server/fixtures/factories.js';
import { buildActivityZip } from '../../server/fixtures/files.js';
import { LocalFileStore } from '../../server/storage/local-store.js';
import { freePort } from '../../server/test/processes.js';
import { type IdpUser, type SamlIdp, startSamlIdp } from '../../server/test/saml-idp.js';
import { APP_HOST, type RunningServer, startServer } from './server.js';

export const ENT_UAI = newUai();
export const IDP_PASSWORD = 'secret';

/** A teacher, and a pupil, of the school with ENT_UAI, with the GAR's attribute names. */
export const ENT_USERS: IdpUser[] = [
  {
    username: 'claire',
    password: IDP_PASSWORD,
    attributes: {
      IDO: 'ido-e2e-claire',
      NOM: 'Martin',
      PRE: 'Claire',
      P_MEL: 'claire.martin@ac-lyon.test',
      UAI: [ENT_UAI],
      PRO: 'National_ens',
      DIV: ['6A##6EME A', '6B##6EME B'],
    },
  },
  {
    username: 'leo',
    password: IDP_PASSWORD,
    attributes: {
      IDO: 'ido-e2e-leo',
      NOM: 'Petit',
      PRE: 'Léo',
      UAI: [ENT_UAI],
      PRO: 'National_elv',
      DIV: '6A##6EME A',
    },
  },
];

/** The identity provider, then the server signing in through it. The browser reaches them on two
 * sites (the IdP at 127.0.0.1, Ardoise at ardoise.localhost), as a GAR and a resource are: the
 * IdP's POST to the ACS is a cross-site request. */
export async function startServerWithIdp(
  options: { users?: IdpUser[]; env?: Record<string, string>; port?: number } = {},
): Promise<{
  server: RunningServer;
  idp: SamlIdp;
  close(): Promise<void>;
}> {
  const port = options.port ?? (await freePort());
  const url = `http://${APP_HOST}:${port}`;
  const keysDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-sp-'));
  const sp = createCertificate({ commonName: '127.0.0.1', days: 2 });
  const files = { key: path.join(keysDir, 'sp-key.pem'), cert: path.join(keysDir, 'sp-cert.pem') };
  await fs.writeFile(files.key, sp.keyPem);
  await fs.writeFile(files.cert, sp.certPem);
  const idp = await startSamlIdp({
    sp: {
      entityId: `${url}/api/auth/saml/metadata`,
      acsUrl: `${url}/api/auth/saml/acs`,
      certPem: sp.certPem,
    },
    users: options.users ?? ENT_USERS,
  });
  const server = await startServer(
    {
      SAML_IDP_METADATA: idp.metadataUrl,
      SAML_SP_KEY: files.key,
      SAML_SP_CERT: files.cert,
      ...options.env,
    },
    // The identity provider knows the service provider by its URL, on the port picked beforehand.
    { port },
  );
  return {
    server,
    idp,
    async close() {
      await server.close();
      await idp.close();
      await fs.rm(keysDir, { recursive: true, force: true });
    },
  };
}

/** SimpleSAMLphp's login page: its user name and password fields, and its button. */
export async function signInAtIdpPage(page: Page, username: string): Promise<void> {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(IDP_PASSWORD);
  await page.locator('input[name="password"]').press('Enter');
}

/** The GAR school of ENT_UAI (`school` adds to its columns) and a level of its licence: one period,
 * one lesson, `sessions` sessions of one activity each, named `activityTitle`. */
export async function entSchoolWithLevel(
  server: RunningServer,
  options: { level: string; activityTitle: string; sessions?: number; school?: Partial<NewSchool> },
): Promise<{ schoolId: number; levelId: number }> {
  const files = new LocalFileStore(path.join(server.dataDir, 'files'));
  const packageHash = await storePackage(files, buildActivityZip(options.activityTitle));
  const level = await buildLevel(server.db, [[{ sessions: [options.sessions ?? 1] }]], {
    title: options.level,
    packageHash,
  });
  const school = await createSchool(server.db, { ...options.school, uai: ENT_UAI, sign_in_method: 'gar' });
  await server.db
    .insertInto('school_levels')
    .values({ school_id: school.id, level_id: level.levelId })
    .execute();
  return { schoolId: school.id, levelId: level.levelId };
}
