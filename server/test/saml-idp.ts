// A real SAML identity provider for the tests: Debian's SimpleSAMLphp under `php -S` on loopback,
// with its own configuration folder, its own signing key, and users carrying the GAR's attribute
// names (exampleauth:UserPass). One per test file that needs it.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCertificate, type KeyPair } from '../features/ent/certificates.js';
import { FormBrowser, readForm } from './browser-form.js';
import { awaitFolderServer, freePort } from './processes.js';

const SIMPLESAMLPHP_WWW = '/usr/share/simplesamlphp/www';
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';

export type IdpUser = { username: string; password: string; attributes: Record<string, string | string[]> };

export type SamlIdp = {
  url: string;
  metadataUrl: string;
  entityId: string;
  /** Its signing pair: tests sign crafted answers with it, as only the IdP could. */
  keys: KeyPair;
  close(): Promise<void>;
};

/** Starts the IdP, knowing one service provider (its entityID, ACS and certificate). */
export async function startSamlIdp(options: {
  sp: { entityId: string; acsUrl: string; certPem: string };
  users: IdpUser[];
}): Promise<SamlIdp> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-idp-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const keys = createCertificate({ commonName: '127.0.0.1', days: 2 });
  for (const sub of ['config', 'metadata', 'cert', 'data', 'tmp', 'log']) await fs.mkdir(path.join(dir, sub));
  await fs.writeFile(path.join(dir, 'cert', 'idp.pem'), keys.keyPem);
  await fs.writeFile(path.join(dir, 'cert', 'idp.crt'), keys.certPem);

  // The PHP files read JSON written beside them: no PHP string is assembled here.
  const json = (name: string, value: unknown) =>
    fs.writeFile(path.join(dir, 'config', name), JSON.stringify(value));
  await json('harness.json', {
    baseurlpath: `${url}/`,
    certdir: path.join(dir, 'cert/'),
    loggingdir: path.join(dir, 'log/'),
    datadir: path.join(dir, 'data/'),
    tempdir: path.join(dir, 'tmp'),
    metadatadir: path.join(dir, 'metadata/'),
    secretsalt: 'ardoise-test-salt-not-a-secret',
    'auth.adminpassword': 'ardoise-test-admin-unused',
    technicalcontact_email: 'tests@ardoise.invalid',
    timezone: 'UTC',
    'enable.saml20-idp': true,
    'module.enable': { exampleauth: true, core: true, saml: true },
    'logging.handler': 'errorlog',
    'session.cookie.secure': false,
    'session.cookie.samesite': null,
    'language.cookie.secure': false,
    'language.default': 'fr',
    'store.type': 'phpsession',
    'admin.checkforupdates': false,
    production: true,
  });
  await json(
    'users.json',
    Object.fromEntries(options.users.map((u) => [`${u.username}:${u.password}`, u.attributes])),
  );
  await json('sp.json', {
    [options.sp.entityId]: {
      AssertionConsumerService: options.sp.acsUrl,
      certData: options.sp.certPem.replace(/-----[^-]+-----|\s/g, ''),
      'validate.authnrequest': true,
      'assertion.encryption': true,
      NameIDFormat: PERSISTENT,
      'simplesaml.nameidattribute': 'IDO',
    },
  });
  await fs.writeFile(
    path.join(dir, 'config', 'config.php'),
    `<?php\n$config = json_decode(file_get_contents(__DIR__ . '/harness.json'), true);\n$config['logging.level'] = SimpleSAML\\Logger::WARNING;\n`,
  );
  await fs.writeFile(
    path.join(dir, 'config', 'authsources.php'),
    `<?php\n$config = [\n  'admin' => ['core:AdminPassword'],\n  'users' => array_merge(['exampleauth:UserPass'], json_decode(file_get_contents(__DIR__ . '/users.json'), true)),\n];\n`,
  );
  await fs.writeFile(
    path.join(dir, 'metadata', 'saml20-idp-hosted.php'),
    `<?php\n$metadata['__DYNAMIC:1__'] = [\n  'host' => '__DEFAULT__',\n  'privatekey' => 'idp.pem',\n  'certificate' => 'idp.crt',\n  'auth' => 'users',\n  'NameIDFormat' => '${PERSISTENT}',\n  'simplesaml.nameidattribute' => 'IDO',\n];\n`,
  );
  await fs.writeFile(
    path.join(dir, 'metadata', 'saml20-sp-remote.php'),
    `<?php\nforeach (json_decode(file_get_contents(__DIR__ . '/../config/sp.json'), true) as $id => $sp) { $metadata[$id] = $sp; }\n`,
  );

  const child: ChildProcess = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', SIMPLESAMLPHP_WWW], {
    env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: path.join(dir, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const metadataUrl = `${url}/saml2/idp/metadata.php`;
  const { close } = await awaitFolderServer(child, metadataUrl, dir);
  return { url, metadataUrl, entityId: metadataUrl, keys, close };
}

/** Walks the IdP's pages as a browser would: from Ardoise's sign-in redirect to the form the IdP
 * posts back to Ardoise's ACS. Returns that form's target and fields. */
export async function signInAtIdp(
  idpRedirect: string,
  user: { username: string; password: string },
  browser = new FormBrowser(),
): Promise<{ action: string; fields: Record<string, string> }> {
  const loginPage = await browser.follow(idpRedirect);
  const login = readForm(loginPage);
  const answer = await browser.request(login.action, {
    form: { ...login.fields, username: user.username, password: user.password },
  });
  const posted = answer.location ? await browser.follow(answer.location) : answer;
  const form = readForm(posted);
  if (!form.fields.SAMLResponse)
    throw new Error(`the IdP did not answer with a SAMLResponse: ${posted.html.slice(0, 500)}`);
  return form;
}
