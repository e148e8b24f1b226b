// Ardoise as a SAML 2.0 service provider of the GAR (or any IdP), through @node-saml/node-saml:
// signed sign-in requests over HTTP-Redirect, responses over HTTP-POST. The library checks the
// signatures, decrypts the assertion, and checks its dates and audience; the rest is ours: the
// response's size before any of that, the Issuer, Destination and Recipient, and which request the
// response answers, read from a signed place. The requests sent live in the database (ent_states),
// so that any instance can take the answer, and each request is answered once.
import type { CacheProvider, Profile, SAML } from '@node-saml/node-saml';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { findState, insertState, moveState, takeState } from './ent.repository.js';
import { type IdpMetadata, loadIdpMetadata } from './idp-metadata.js';
import { loadServiceProviderKeys } from './sp-keys.js';
import { checkXmlLimits, type XmlLimits } from './xml-limits.js';

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
/** A GAR response is about 10 KB: some 30 elements around an encrypted assertion of about 40 plus
 * one a value sent (a class, a group), nested 8 deep. The signature code's time grows with the
 * square of the element count; these limits keep its worst case to a few times a real sign-in's
 * (docs/ent.md). They apply to the response and again to its decrypted assertion. */
export const SAML_RESPONSE_LIMITS: XmlLimits = {
  maxChars: 256 * 1024,
  maxElements: 500,
  maxAttributes: 1000,
  maxDepth: 32,
};

const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

export type SamlAnswer = { issuer: string; attributes: Record<string, unknown> };

export type SamlProvider = {
  /** The service provider's metadata, for the IdP (the GAR asks for it once). */
  metadataXml(): string;
  /** Where to send the browser to sign in; `relayState` comes back with the answer. */
  loginUrl(relayState: string): Promise<string>;
  /** Checks an answer (base64 SAMLResponse); throws when it is not acceptable. */
  validate(samlResponse: string): Promise<SamlAnswer>;
};

/** The response answers no request of ours that is still waiting: unknown, expired, already
 * answered, or unsolicited (no signed InResponseTo). */
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

  // The requests node-saml sends are kept here. One the ACS has just claimed (see validate) counts
  // as known while node-saml checks the answer against it, then goes.
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
  type Ready = { saml: SAML; idp: IdpMetadata };
  let loaded: (Ready & { at: number }) | { error: Error; at: number } | undefined;
  const current = async (): Promise<Ready> => {
    if (loaded && 'saml' in loaded) return loaded;
    if (loaded && Date.now() - loaded.at < METADATA_RETRY_MS) throw loaded.error;
    try {
      const idp = await loadIdpMetadata(idpMetadata);
      loaded = { saml: samlFor(idp), idp, at: Date.now() };
      return loaded;
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

  const acsUrl = `${config.publicUrl}${SAML_PATHS.acs}`;
  return {
    metadataXml: () => metadata,
    async loginUrl(relayState) {
      return (await current()).saml.getAuthorizeUrlAsync(relayState, undefined, {});
    },
    async validate(samlResponse) {
      const { saml, idp } = await current();
      const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
      // Bounded work first: no DOM, XPath or signature code has seen the text yet.
      checkXmlLimits(xml, SAML_RESPONSE_LIMITS);
      const { parseDomFromString, decryptXml, getVerifiedXml } = await import(
        '@node-saml/node-saml/lib/xml.js'
      );
      const root = (await parseDomFromString(xml)).documentElement;
      if (root.localName !== 'Response' || root.namespaceURI !== PROTOCOL_NS)
        throw new Error('not a SAML Response');
      // Sent by the IdP to our ACS, as far as the response's own (unsigned) fields say.
      const responseIssuer = childElements(root, ASSERTION_NS, 'Issuer')[0]?.textContent?.trim() ?? null;
      if (responseIssuer !== null && responseIssuer !== idp.entityId)
        throw new Error(`response issued by ${responseIssuer}`);
      const destination = root.getAttribute('Destination') || null;
      if (destination !== null && destination !== acsUrl) throw new Error(`response sent to ${destination}`);

      // Claim the request the response's root names (as node-saml reads it), once: a replayed
      // answer, even sent twice at the same moment, finds it already claimed, and each run of the
      // signature code below costs a sign-in start. The signed assertion must then name it too.
      const now = new Date();
      const rootRequestId = root.getAttribute('InResponseTo') || null;
      if (!rootRequestId) throw new SamlReplayError('unsolicited: the response answers no request');
      if (!(await moveState(db, rootRequestId, 'saml-request', 'saml-answered', now.toISOString())))
        throw new SamlReplayError('the request this answers is unknown, expired or already answered');

      try {
        // An encrypted assertion is bounded as well before node-saml verifies it (anyone can encrypt
        // to Ardoise's public certificate).
        const encrypted = childElements(root, ASSERTION_NS, 'EncryptedAssertion');
        if (encrypted.length > 1) throw new Error('more than one encrypted assertion');
        if (encrypted[0])
          checkXmlLimits(await decryptXml(String(encrypted[0]), keys.keyPem), SAML_RESPONSE_LIMITS);

        const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
        if (!profile) throw new Error('the response holds no assertion');
        if (profile.issuer !== idp.entityId) throw new Error(`assertion issued by ${profile.issuer}`);
        // Which request it answers, from a signed place: the bearer confirmation of the signed
        // assertion (meant for our ACS), or the response's InResponseTo when the response is signed.
        const confirmation = bearerConfirmation(profile, acsUrl, now);
        const signedRequestId =
          confirmation.inResponseTo ??
          (getVerifiedXml(xml, root, idp.signingCerts.map(pemCertificate)) ? rootRequestId : null);
        if (!signedRequestId) throw new SamlReplayError('unsolicited: no signed InResponseTo');
        if (signedRequestId !== rootRequestId) throw new Error('the InResponseTo values disagree');
        return { issuer: profile.issuer, attributes: (profile.attributes ?? {}) as Record<string, unknown> };
      } finally {
        // Answered, accepted or not: nothing may claim it again.
        await takeState(db, rootRequestId, 'saml-answered', now.toISOString());
      }
    },
  };
}

type SamlXml = typeof import('@node-saml/node-saml/lib/xml.js');
/** An element as node-saml's DOM parser gives it (the server is built without the DOM's types). */
type DomElement = Awaited<ReturnType<SamlXml['parseDomFromString']>>['documentElement'];

function childElements(parent: DomElement, namespace: string, localName: string): DomElement[] {
  // xmldom's node lists are indexed, not iterable.
  return Array.from({ length: parent.childNodes.length }, (_, i) => parent.childNodes[i]!).filter(
    (node): node is DomElement =>
      node.nodeType === 1 &&
      (node as DomElement).localName === localName &&
      (node as DomElement).namespaceURI === namespace,
  );
}

type Xml2Js = { $?: Record<string, string>; [child: string]: unknown };
const children = (node: Xml2Js | undefined, name: string) => (node?.[name] as Xml2Js[] | undefined) ?? [];

/** The bearer confirmation of the signed assertion meant for our ACS (its Recipient) and valid
 * now; its InResponseTo, or null when it has none. */
function bearerConfirmation(profile: Profile, acsUrl: string, now: Date): { inResponseTo: string | null } {
  const assertion = profile.getAssertion?.().Assertion as Xml2Js | undefined;
  const confirmations = children(children(assertion, 'Subject')[0], 'SubjectConfirmation').filter(
    (confirmation) => confirmation.$?.Method === BEARER,
  );
  const data = confirmations.flatMap((confirmation) => children(confirmation, 'SubjectConfirmationData'));
  const fresh = data.filter((candidate) => {
    const notOnOrAfter = Date.parse(candidate.$?.NotOnOrAfter ?? '');
    const notBefore = candidate.$?.NotBefore ? Date.parse(candidate.$.NotBefore) : -Infinity;
    return now.getTime() < notOnOrAfter + CLOCK_SKEW_MS && notBefore <= now.getTime() + CLOCK_SKEW_MS;
  });
  if (fresh.length === 0) throw new Error('no bearer subject confirmation valid now');
  const ours = fresh.find((candidate) => candidate.$?.Recipient === acsUrl);
  if (!ours) throw new Error(`subject confirmed for ${fresh.map((d) => d.$?.Recipient).join(', ')}`);
  return { inResponseTo: ours.$?.InResponseTo || null };
}

/** A certificate of the metadata (base64 DER) as PEM, as node-saml's signature check takes it. */
function pemCertificate(base64: string): string {
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----\n`;
}
