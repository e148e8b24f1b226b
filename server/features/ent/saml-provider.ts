// Ardoise as a SAML 2.0 service provider of the GAR (or any IdP), through @node-saml/node-saml:
// signed sign-in requests over HTTP-Redirect, responses over HTTP-POST. The library checks the
// signatures, decrypts the assertion, and checks its dates and audience, in a worker thread
// (saml-worker.ts) so that the event loop never waits on it; the rest is ours: the response's size
// before any of that, the Issuer, Destination and Recipient, and which request the response
// answers, read from a signed place. The requests sent live in the database (ent_states), so that
// any instance can take the answer, and each request is answered once.
import { Worker } from 'node:worker_threads';
import type { CacheProvider, SamlConfig } from '@node-saml/node-saml';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { insertState, takeState } from './ent.repository.js';
import { type IdpMetadata, loadIdpMetadata } from './idp-metadata.js';
import type { SamlWorkerData, SamlWorkerReply, SignedAnswer, SignedConfirmation } from './saml-worker.js';
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
 * square of the element count; at these limits its worst case is a few times a real sign-in's
 * (docs/ent.md). They apply to the response and again to its decrypted assertion. */
export const SAML_RESPONSE_LIMITS: XmlLimits = {
  maxChars: 256 * 1024,
  maxElements: 500,
  maxAttributes: 1000,
  maxDepth: 32,
};
/** The worker's answer is awaited this long at most (it takes milliseconds within the limits);
 * past it the worker is replaced and the answer refused. */
const VALIDATION_TIMEOUT_MS = 5_000;

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
  close(): Promise<void>;
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
  const acsUrl = `${config.publicUrl}${SAML_PATHS.acs}`;

  const optionsFor = (idp: IdpMetadata): SamlConfig => ({
    entryPoint: idp.ssoRedirectUrl,
    idpIssuer: idp.entityId,
    idpCert: idp.signingCerts,
    issuer: entityId,
    audience: entityId,
    callbackUrl: acsUrl,
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
    // Matching the answer to its request is done here (validate), from the signed assertion.
    validateInResponseTo: ValidateInResponseTo.never,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
  });
  // The requests sent are kept for their answer (node-saml keeps them only when it is asked to
  // check InResponseTo itself; the worker's instance does not).
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
    getAsync: async () => null,
    removeAsync: async () => null,
  };
  const requestsFor = (idp: IdpMetadata) =>
    new SAML({ ...optionsFor(idp), validateInResponseTo: ValidateInResponseTo.always, cacheProvider });

  // The IdP's metadata is read at start; if its URL cannot be reached then, each sign-in tries again
  // (at most every half minute) rather than keeping the server from starting.
  type Ready = { requests: InstanceType<typeof SAML>; idp: IdpMetadata; worker: SamlWorker };
  let loaded: (Ready & { at: number }) | { error: Error; at: number } | undefined;
  const current = async (): Promise<Ready> => {
    if (loaded && 'idp' in loaded) return loaded;
    if (loaded && Date.now() - loaded.at < METADATA_RETRY_MS) throw loaded.error;
    try {
      const idp = await loadIdpMetadata(idpMetadata);
      const worker = samlWorker({
        saml: optionsFor(idp),
        pemCertificates: idp.signingCerts.map(pemCertificate),
        limits: SAML_RESPONSE_LIMITS,
      });
      loaded = { requests: requestsFor(idp), idp, worker, at: Date.now() };
      return loaded;
    } catch (error) {
      loaded = { error: error as Error, at: Date.now() };
      throw error;
    }
  };
  await current().catch((error: Error) => log.error({ err: error }, 'SAML_IDP_METADATA could not be read'));
  // The metadata does not depend on the IdP: it is ready even while the IdP's is not.
  const metadata = requestsFor({
    entityId: '',
    ssoRedirectUrl: 'https://unused.invalid',
    signingCerts: ['unused'],
  }).generateServiceProviderMetadata(keys.certPem, keys.certPem);

  return {
    metadataXml: () => metadata,
    async loginUrl(relayState) {
      return (await current()).requests.getAuthorizeUrlAsync(relayState, undefined, {});
    },
    async validate(samlResponse) {
      const { idp, worker } = await current();
      const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
      // Bounded work first: no DOM, XPath or signature code has seen the text yet.
      checkXmlLimits(xml, SAML_RESPONSE_LIMITS);
      const { parseDomFromString } = await import('@node-saml/node-saml/lib/xml.js');
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
      // answer, even sent twice at the same moment, finds it already claimed, and each check of
      // signatures below costs a sign-in start. The signed assertion must then name it too.
      const now = new Date();
      const rootRequestId = root.getAttribute('InResponseTo') || null;
      if (!rootRequestId) throw new SamlReplayError('unsolicited: the response answers no request');
      if (!(await takeState(db, rootRequestId, 'saml-request', now.toISOString())))
        throw new SamlReplayError('the request this answers is unknown, expired or already answered');

      const signed = await worker.check(samlResponse);
      if (signed.issuer !== idp.entityId) throw new Error(`assertion issued by ${signed.issuer}`);
      // Which request it answers, from a signed place: the bearer confirmation of the signed
      // assertion (meant for our ACS), or the response's InResponseTo when the response is signed.
      const confirmation = bearerConfirmation(signed.confirmations, acsUrl, now);
      const signedRequestId = confirmation.inResponseTo ?? (signed.responseSigned ? rootRequestId : null);
      if (!signedRequestId) throw new SamlReplayError('unsolicited: no signed InResponseTo');
      if (signedRequestId !== rootRequestId) throw new Error('the InResponseTo values disagree');
      return { issuer: signed.issuer, attributes: signed.attributes };
    },
    async close() {
      if (loaded && 'idp' in loaded) await loaded.worker.close();
    },
  };
}

type SamlWorker = { check(samlResponse: string): Promise<SignedAnswer>; close(): Promise<void> };

/** The worker thread that checks answers, started at once, replaced when it overruns or dies. */
function samlWorker(data: SamlWorkerData): SamlWorker {
  type Pending = { resolve(answer: SignedAnswer): void; reject(error: Error): void; timer: NodeJS.Timeout };
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let worker: Worker | undefined;
  const stop = async (error: Error) => {
    const stopped = worker;
    worker = undefined;
    for (const call of pending.values()) {
      clearTimeout(call.timer);
      call.reject(error);
    }
    pending.clear();
    await stopped?.terminate();
  };
  const start = () => {
    // Built, the worker is JavaScript beside this file; from the sources (tests, `npm run dev`) it
    // is TypeScript, loaded through tsx's loader registered inside the worker.
    const file = new URL(`./saml-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);
    const started = file.pathname.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); })`,
          { eval: true, workerData: data },
        )
      : new Worker(file, { workerData: data });
    started.unref();
    started.on('message', (reply: SamlWorkerReply) => {
      const call = pending.get(reply.id);
      if (!call) return;
      pending.delete(reply.id);
      clearTimeout(call.timer);
      if ('answer' in reply) call.resolve(reply.answer);
      else call.reject(new Error(reply.error));
    });
    started.on('error', (error) => {
      if (worker === started) void stop(error);
    });
    started.on('exit', () => {
      if (worker === started) void stop(new Error('the SAML worker stopped'));
    });
    return started;
  };
  worker = start();
  return {
    check(samlResponse) {
      worker ??= start();
      const id = nextId++;
      const target = worker;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          if (worker === target)
            void stop(new Error(`no answer from the SAML worker in ${VALIDATION_TIMEOUT_MS} ms`));
        }, VALIDATION_TIMEOUT_MS);
        timer.unref();
        pending.set(id, { resolve, reject, timer });
        target.postMessage({ id, samlResponse });
      });
    },
    close: () => stop(new Error('the server is closing')),
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

/** The bearer confirmation of the signed assertion meant for our ACS (its Recipient) and valid
 * now; its InResponseTo, or null when it has none. */
function bearerConfirmation(
  confirmations: SignedConfirmation[],
  acsUrl: string,
  now: Date,
): { inResponseTo: string | null } {
  const fresh = confirmations.filter((data) => {
    const notOnOrAfter = Date.parse(data.notOnOrAfter ?? '');
    const notBefore = data.notBefore ? Date.parse(data.notBefore) : Number.NEGATIVE_INFINITY;
    return (
      data.method === BEARER &&
      now.getTime() < notOnOrAfter + CLOCK_SKEW_MS &&
      notBefore <= now.getTime() + CLOCK_SKEW_MS
    );
  });
  if (fresh.length === 0) throw new Error('no bearer subject confirmation valid now');
  const ours = fresh.find((data) => data.recipient === acsUrl);
  if (!ours) throw new Error(`subject confirmed for ${fresh.map((data) => data.recipient).join(', ')}`);
  return { inResponseTo: ours.inResponseTo || null };
}

/** A certificate of the metadata (base64 DER) as PEM, as node-saml's signature check takes it. */
function pemCertificate(base64: string): string {
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----\n`;
}
