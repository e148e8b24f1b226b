// Ardoise as a SAML 2.0 service provider of the GAR (or any IdP), through @node-saml/node-saml:
// signed sign-in requests over HTTP-Redirect, responses over HTTP-POST whose signatures, audience,
// dates and InResponseTo the library checks. The requests sent live in the database (ent_states),
// so that any instance can take the answer, and each request is answered once.
import type { CacheProvider, SAML } from '@node-saml/node-saml';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { findState, insertState, moveState, takeState } from './ent.repository.js';
import { type IdpMetadata, loadIdpMetadata } from './idp-metadata.js';
import { loadServiceProviderKeys } from './sp-keys.js';

export const SAML_PATHS = {
  metadata: '/api/auth/saml/metadata',
  acs: '/api/auth/saml/acs',
  login: '/api/auth/saml/login',
} as const;

/** How long the IdP may take to answer a sign-in request (the teacher types a password there). */
const REQUEST_TTL_MS = 15 * 60_000;
/** Clocks of the IdP and of Ardoise may drift apart a little. */
const CLOCK_SKEW_MS = 60_000;
/** How long a failed metadata download is remembered before the next sign-in tries again. */
const METADATA_RETRY_MS = 30_000;

export type SamlAnswer = { issuer: string; attributes: Record<string, unknown> };

export type SamlProvider = {
  /** The service provider's metadata, for the IdP (the GAR asks for it once). */
  metadataXml(): string;
  /** Where to send the browser to sign in; `relayState` comes back with the answer. */
  loginUrl(relayState: string): Promise<string>;
  /** Checks an answer (base64 SAMLResponse); throws when it is not acceptable. */
  validate(samlResponse: string): Promise<SamlAnswer>;
};

export class SamlReplayError extends Error {}

export async function createSamlProvider(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
): Promise<SamlProvider> {
  if (!config.saml) throw new Error('SAML is not configured');
  // Loaded here, not with the module: a server without SAML settings never pays its import.
  const { SAML, ValidateInResponseTo } = await import('@node-saml/node-saml');
  const { idpMetadata } = config.saml;
  const keys = await loadServiceProviderKeys(config);
  const entityId = `${config.publicUrl}${SAML_PATHS.metadata}`;

  const cacheProvider: CacheProvider = {
    async saveAsync(key, value) {
      const createdAt = Date.now();
      await insertState(db, {
        key,
        kind: 'saml-request',
        userId: null,
        data: value,
        expiresAt: new Date(createdAt + REQUEST_TTL_MS).toISOString(),
      });
      return { value, createdAt };
    },
    // Only a request the ACS has just claimed (answered once) counts as known.
    async getAsync(key) {
      return (await findState(db, key, 'saml-answered', new Date().toISOString()))?.data ?? null;
    },
    async removeAsync(key) {
      if (!key) return null;
      return (await takeState(db, key, 'saml-answered', new Date().toISOString()))?.data ?? null;
    },
  };

  const samlFor = (idp: IdpMetadata) =>
    new SAML({
      entryPoint: idp.ssoRedirectUrl,
      idpIssuer: idp.entityId,
      idpCert: idp.signingCerts,
      issuer: entityId,
      audience: entityId,
      callbackUrl: `${config.publicUrl}${SAML_PATHS.acs}`,
      privateKey: keys.keyPem,
      publicCert: keys.certPem,
      decryptionPvk: keys.keyPem,
      signatureAlgorithm: 'sha256',
      digestAlgorithm: 'sha256',
      identifierFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      disableRequestedAuthnContext: true,
      wantAssertionsSigned: true,
      // The GAR signs the assertion; the response around it may or may not be signed.
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: REQUEST_TTL_MS,
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      cacheProvider,
    });

  // The IdP's metadata is read at start; if its URL cannot be reached then, each sign-in tries again
  // (at most every half minute) rather than keeping the server from starting.
  let loaded: { saml: SAML; at: number } | { error: Error; at: number } | undefined;
  const current = async (): Promise<SAML> => {
    if (loaded && 'saml' in loaded) return loaded.saml;
    if (loaded && Date.now() - loaded.at < METADATA_RETRY_MS) throw loaded.error;
    try {
      loaded = { saml: samlFor(await loadIdpMetadata(idpMetadata)), at: Date.now() };
      return loaded.saml;
    } catch (error) {
      loaded = { error: error as Error, at: Date.now() };
      throw error;
    }
  };
  await current().catch((error: Error) => log.error({ err: error }, 'SAML_IDP_METADATA could not be read'));
  // The metadata does not depend on the IdP: it is ready even while the IdP's is not.
  const metadata = samlFor({
    entityId: '',
    ssoRedirectUrl: 'https://unused.invalid',
    signingCerts: ['unused'],
  }).generateServiceProviderMetadata(keys.certPem, keys.certPem);

  return {
    metadataXml: () => metadata,
    async loginUrl(relayState) {
      return (await current()).getAuthorizeUrlAsync(relayState, undefined, {});
    },
    async validate(samlResponse) {
      const saml = await current();
      // Claim the request this answers, once: a replayed answer, even sent twice at the same
      // moment, finds it already claimed. node-saml then checks the answer against it.
      const inResponseTo = inResponseToOf(samlResponse);
      const now = new Date().toISOString();
      if (!inResponseTo || !(await moveState(db, inResponseTo, 'saml-request', 'saml-answered', now))) {
        throw new SamlReplayError('the request this answers is unknown, expired or already answered');
      }
      const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
      if (!profile) throw new Error('the response holds no assertion');
      return { issuer: profile.issuer, attributes: (profile.attributes ?? {}) as Record<string, unknown> };
    },
  };
}

/** The InResponseTo of a response's root element, read only to claim the request (node-saml then
 * parses and checks the whole response itself). */
function inResponseToOf(samlResponse: string): string | null {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const root = /<(?:[\w-]+:)?Response\b[^>]*>/.exec(xml)?.[0];
  const value = root && /\sInResponseTo="([^"]{1,200})"/.exec(root)?.[1];
  return value ?? null;
}
