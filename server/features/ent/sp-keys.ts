// The SAML service provider's key pair: the PEM files of SAML_SP_KEY / SAML_SP_CERT, or a pair
// generated once into DATA_DIR/saml and kept (the identity provider knows the certificate from the
// metadata it was given: a new pair at every start would break that).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';
import { createCertificate, type KeyPair } from './certificates.js';

const VALIDITY_DAYS = 10 * 365;

export async function loadServiceProviderKeys(config: Config): Promise<KeyPair> {
  const saml = config.saml;
  if (saml?.spKeyFile && saml.spCertFile) {
    return {
      keyPem: await fs.readFile(saml.spKeyFile, 'utf8'),
      certPem: await fs.readFile(saml.spCertFile, 'utf8'),
    };
  }
  const dir = path.join(config.dataDir, 'saml');
  const keyFile = path.join(dir, 'sp-key.pem');
  const certFile = path.join(dir, 'sp-cert.pem');
  try {
    return { keyPem: await fs.readFile(keyFile, 'utf8'), certPem: await fs.readFile(certFile, 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dir, { recursive: true });
  const pair = createCertificate({ commonName: new URL(config.publicUrl).hostname, days: VALIDITY_DAYS });
  // Written once: another instance starting at the same moment keeps the pair written first.
  try {
    await fs.writeFile(keyFile, pair.keyPem, { mode: 0o600, flag: 'wx' });
    await fs.writeFile(certFile, pair.certPem, { flag: 'wx' });
    return pair;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { keyPem: await fs.readFile(keyFile, 'utf8'), certPem: await fs.readFile(certFile, 'utf8') };
  }
}
