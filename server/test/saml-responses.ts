// SAML answers built by the tests, for the cases a well-behaved identity provider never sends: an
// expired assertion, one for another audience, another issuer, destination or recipient, one sent
// unasked, one unsigned or signed with another key, and forged ones padded with thousands of
// elements. Signed with xml-crypto using the test IdP's own key when the case needs a valid
// signature; a correct one is built too, so that the refusals are known to come from the case, not
// from the building.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import xmlenc from 'xml-encryption';

/** The ID of the AuthnRequest in a sign-in redirect (HTTP-Redirect binding: deflated, base64). */
export function requestIdOf(redirect: string): string {
  const request = new URL(redirect).searchParams.get('SAMLRequest');
  if (!request) throw new Error(`no SAMLRequest in ${redirect}`);
  const xml = zlib.inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
  const id = /\sID="([^"]+)"/.exec(xml)?.[1];
  if (!id) throw new Error(`no ID in ${xml}`);
  return id;
}

export type CraftOptions = {
  inResponseTo: string;
  idpEntityId: string;
  spEntityId: string;
  acsUrl: string;
  attributes: Record<string, string | string[]>;
  /** The IdP's private key; none = an unsigned assertion. */
  signingKey?: string;
  /** Shifts the assertion's validity window (negative: it ended that long ago). */
  validityOffsetMs?: number;
  audience?: string;
  /** The assertion's Issuer (default: the IdP's entityID) and the response's. */
  issuer?: string;
  responseIssuer?: string;
  /** The response's Destination and the subject confirmation's Recipient (default: the ACS). */
  destination?: string;
  recipient?: string;
  /** The subject confirmation's InResponseTo (default: `inResponseTo`); null = none, as in an
   * assertion the IdP sends unasked. */
  subjectInResponseTo?: string | null;
  /** The response signed as a whole too (after the assertion). */
  signResponse?: boolean;
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A base64 SAMLResponse as the IdP would post it to the ACS. */
export function craftSamlResponse(options: CraftOptions): string {
  const now = Date.now() + (options.validityOffsetMs ?? 0);
  const at = (offsetMs: number) => new Date(now + offsetMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const responseId = `_r${crypto.randomBytes(16).toString('hex')}`;
  const assertionId = `_a${crypto.randomBytes(16).toString('hex')}`;
  const attributes = Object.entries(options.attributes)
    .map(([name, value]) => {
      const values = (Array.isArray(value) ? value : [value])
        .map((v) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(v)}</saml:AttributeValue>`)
        .join('');
      return `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values}</saml:Attribute>`;
    })
    .join('');
  const subjectInResponseTo =
    options.subjectInResponseTo === undefined ? options.inResponseTo : options.subjectInResponseTo;
  const ido = Array.isArray(options.attributes.IDO) ? options.attributes.IDO[0] : options.attributes.IDO;
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ID="${assertionId}" Version="2.0" IssueInstant="${at(0)}">` +
    `<saml:Issuer>${escapeXml(options.issuer ?? options.idpEntityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${escapeXml(ido ?? 'x')}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${at(300_000)}" Recipient="${escapeXml(options.recipient ?? options.acsUrl)}"${subjectInResponseTo === null ? '' : ` InResponseTo="${subjectInResponseTo}"`}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${at(-30_000)}" NotOnOrAfter="${at(300_000)}"><saml:AudienceRestriction><saml:Audience>${escapeXml(options.audience ?? options.spEntityId)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="_s${crypto.randomBytes(8).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
    '</saml:Assertion>';
  const signed = options.signingKey ? signElement(assertion, assertionId, options.signingKey) : assertion;
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${responseId}" Version="2.0" IssueInstant="${at(0)}" Destination="${escapeXml(options.destination ?? options.acsUrl)}" InResponseTo="${options.inResponseTo}">` +
    `<saml:Issuer>${escapeXml(options.responseIssuer ?? options.idpEntityId)}</saml:Issuer>` +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    `${signed}</samlp:Response>`;
  const whole =
    options.signResponse && options.signingKey
      ? signElement(response, responseId, options.signingKey)
      : response;
  return Buffer.from(whole, 'utf8').toString('base64');
}

/** Signs the element with that ID (the document's root), the signature placed after its Issuer. */
function signElement(xml: string, id: string, key: string): string {
  const signer = new SignedXml({
    privateKey: key,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: `//*[@ID='${id}']`,
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: "//*[local-name()='Issuer']", action: 'after' },
  });
  return signer.getSignedXml();
}

/** A signature that references the element `id` but verifies nothing: enough to send the
 * signature code looking for that element through the whole document. */
function dummySignature(id: string): string {
  const dsig = 'http://www.w3.org/2000/09/xmldsig#';
  return (
    `<ds:Signature xmlns:ds="${dsig}"><ds:SignedInfo>` +
    '<ds:CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/>' +
    '<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>' +
    `<ds:Reference URI="#${id}"><ds:Transforms>` +
    `<ds:Transform Algorithm="${dsig}enveloped-signature"/>` +
    '<ds:Transform Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/></ds:Transforms>' +
    '<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>' +
    `<ds:DigestValue>${crypto.randomBytes(32).toString('base64')}</ds:DigestValue></ds:Reference>` +
    `</ds:SignedInfo><ds:SignatureValue>${crypto.randomBytes(256).toString('base64')}</ds:SignatureValue></ds:Signature>`
  );
}

const responseOpening = (id: string, inResponseTo: string) =>
  `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${new Date().toISOString()}" InResponseTo="${inResponseTo}">`;
const SUCCESS =
  '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>';

/** A forged, unsigned SAMLResponse answering `inResponseTo` with a dummy signature that references
 * the Response, padded with `padding` empty elements: what an attacker posts to make the signature
 * lookup walk a large document. */
export function paddedSamlResponse(options: { inResponseTo: string; idpEntityId: string; padding: number }) {
  const id = `_r${crypto.randomBytes(16).toString('hex')}`;
  const response =
    responseOpening(id, options.inResponseTo) +
    `<saml:Issuer>${escapeXml(options.idpEntityId)}</saml:Issuer>${dummySignature(id)}${SUCCESS}` +
    `${'<a/>'.repeat(options.padding)}</samlp:Response>`;
  return Buffer.from(response, 'utf8').toString('base64');
}

/** The same attack inside an encrypted assertion: anyone can encrypt to the service provider's
 * public certificate, and the padding is then only seen once decrypted. */
export async function paddedEncryptedSamlResponse(options: {
  inResponseTo: string;
  idpEntityId: string;
  spCertPem: string;
  padding: number;
}): Promise<string> {
  const id = `_a${crypto.randomBytes(16).toString('hex')}`;
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${new Date().toISOString()}">` +
    `<saml:Issuer>${escapeXml(options.idpEntityId)}</saml:Issuer>${dummySignature(id)}` +
    `${'<a/>'.repeat(options.padding)}</saml:Assertion>`;
  const encrypted = await new Promise<string>((resolve, reject) =>
    xmlenc.encrypt(
      assertion,
      {
        rsa_pub: crypto.createPublicKey(options.spCertPem).export({ type: 'spki', format: 'pem' }).toString(),
        pem: options.spCertPem,
        encryptionAlgorithm: 'http://www.w3.org/2009/xmlenc11#aes256-gcm',
        keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
  const response =
    responseOpening(`_r${crypto.randomBytes(16).toString('hex')}`, options.inResponseTo) +
    `<saml:Issuer>${escapeXml(options.idpEntityId)}</saml:Issuer>${SUCCESS}` +
    `<saml:EncryptedAssertion>${encrypted}</saml:EncryptedAssertion></samlp:Response>`;
  return Buffer.from(response, 'utf8').toString('base64');
}
