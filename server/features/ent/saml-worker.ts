// The CPU-bound part of checking a SAML answer, in a worker thread so that the server's event loop
// never waits on it: decrypting the assertion (bounded again once decrypted), then node-saml's
// signature, date and audience checks. It answers with what the signed assertion says; deciding
// whether that is acceptable is saml-provider.ts's.
import { parentPort, workerData } from 'node:worker_threads';
import { SAML, type SamlConfig } from '@node-saml/node-saml';
import { decryptXml, getVerifiedXml, parseDomFromString } from '@node-saml/node-saml/lib/xml.js';
import { checkXmlLimits, type XmlLimits } from './xml-limits.js';

export type SamlWorkerData = { saml: SamlConfig; pemCertificates: string[]; limits: XmlLimits };
export type SamlWorkerRequest = { id: number; samlResponse: string };
/** A subject confirmation of the signed assertion, as sent. */
export type SignedConfirmation = {
  method?: string;
  inResponseTo?: string;
  recipient?: string;
  notBefore?: string;
  notOnOrAfter?: string;
};
export type SignedAnswer = {
  issuer: string;
  attributes: Record<string, unknown>;
  confirmations: SignedConfirmation[];
  /** The response itself carries a valid signature of the IdP. */
  responseSigned: boolean;
};
export type SamlWorkerReply = { id: number } & ({ answer: SignedAnswer } | { error: string });

const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
/** An element as node-saml's xml2js reading gives it: attributes under `$`, children by name. */
type Xml2Js = { $?: Record<string, string>; [child: string]: unknown };
const children = (node: Xml2Js | undefined, name: string) => (node?.[name] as Xml2Js[] | undefined) ?? [];
const { saml: options, pemCertificates, limits } = workerData as SamlWorkerData;
const saml = new SAML(options);

async function check(samlResponse: string): Promise<SignedAnswer> {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const root = (await parseDomFromString(xml)).documentElement;
  // Anyone can encrypt to Ardoise's public certificate: the decrypted assertion is bounded too
  // before node-saml verifies it.
  const encrypted = Array.from({ length: root.childNodes.length }, (_, i) => root.childNodes[i]!).filter(
    (node) =>
      node.nodeType === 1 &&
      (node as typeof root).localName === 'EncryptedAssertion' &&
      (node as typeof root).namespaceURI === ASSERTION_NS,
  );
  if (encrypted.length > 1) throw new Error('more than one encrypted assertion');
  if (encrypted[0])
    checkXmlLimits(await decryptXml(String(encrypted[0]), options.decryptionPvk ?? ''), limits);

  const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile) throw new Error('the response holds no assertion');
  const assertion = profile.getAssertion?.().Assertion as Xml2Js | undefined;
  const confirmations = children(children(assertion, 'Subject')[0], 'SubjectConfirmation').flatMap(
    (confirmation) =>
      children(confirmation, 'SubjectConfirmationData').map((data) => ({
        method: confirmation.$?.Method,
        inResponseTo: data.$?.InResponseTo,
        recipient: data.$?.Recipient,
        notBefore: data.$?.NotBefore,
        notOnOrAfter: data.$?.NotOnOrAfter,
      })),
  );
  return {
    issuer: profile.issuer,
    attributes: (profile.attributes ?? {}) as Record<string, unknown>,
    confirmations,
    responseSigned: getVerifiedXml(xml, root, pemCertificates) !== null,
  };
}

parentPort?.on('message', async ({ id, samlResponse }: SamlWorkerRequest) => {
  const reply: SamlWorkerReply = await check(samlResponse).then(
    (answer) => ({ id, answer }),
    (error: Error) => ({ id, error: error.message }),
  );
  parentPort?.postMessage(reply);
});
