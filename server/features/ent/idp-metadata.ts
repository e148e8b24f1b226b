// Reads a SAML identity provider's metadata (the GAR's, or any IdP's): its entityID, where its
// HTTP-Redirect sign-in lives, and its signing certificates. The metadata comes from a URL or a file
// (SAML_IDP_METADATA), bounded before it is parsed.
import fs from 'node:fs/promises';
import { XMLParser } from 'fast-xml-parser';
import { checkXmlLimits, type XmlLimits } from './xml-limits.js';

export type IdpMetadata = { entityId: string; ssoRedirectUrl: string; signingCerts: string[] };

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const FETCH_TIMEOUT_MS = 15_000;
/** The GAR's metadata is a single entity of a few KB; these leave room for a small federation's. */
export const METADATA_LIMITS: XmlLimits = {
  maxChars: 1024 * 1024,
  maxElements: 20_000,
  maxAttributes: 40_000,
  maxDepth: 32,
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) =>
    ['EntityDescriptor', 'KeyDescriptor', 'SingleSignOnService', 'X509Certificate'].includes(name),
});

export async function loadIdpMetadata(source: string): Promise<IdpMetadata> {
  const xml = /^https?:\/\//.test(source) ? await fetchText(source) : await fs.readFile(source, 'utf8');
  return parseIdpMetadata(xml);
}

/** The body, read no further than the size limit (UTF-8 takes at most 4 bytes a character). */
async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`SAML_IDP_METADATA: ${url} answered ${response.status}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    size += read.value.byteLength;
    if (size > METADATA_LIMITS.maxChars * 4) {
      await reader?.cancel();
      throw new Error(`SAML_IDP_METADATA: ${url} answered more than ${METADATA_LIMITS.maxChars * 4} bytes`);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

type Node = Record<string, unknown>;

export function parseIdpMetadata(xml: string): IdpMetadata {
  try {
    checkXmlLimits(xml, METADATA_LIMITS);
  } catch (error) {
    throw new Error(`SAML_IDP_METADATA: ${(error as Error).message}`);
  }
  const document = parser.parse(xml) as Node;
  const entities = [
    ...((document.EntityDescriptor as Node[] | undefined) ?? []),
    ...(((document.EntitiesDescriptor as Node | undefined)?.EntityDescriptor as Node[] | undefined) ?? []),
  ];
  const entity = entities.find((candidate) => candidate.IDPSSODescriptor);
  if (!entity) throw new Error('SAML_IDP_METADATA: no identity provider (IDPSSODescriptor) in the metadata');
  const idp = entity.IDPSSODescriptor as Node;
  const redirect = ((idp.SingleSignOnService as Node[] | undefined) ?? []).find(
    (service) => service['@Binding'] === REDIRECT_BINDING,
  );
  const signingCerts = ((idp.KeyDescriptor as Node[] | undefined) ?? [])
    .filter((key) => key['@use'] === undefined || key['@use'] === 'signing')
    .flatMap(
      (key) => (((key.KeyInfo as Node)?.X509Data as Node)?.X509Certificate as string[] | undefined) ?? [],
    )
    .map((cert) => String(cert).replace(/\s+/g, ''));
  const entityId = entity['@entityID'];
  if (typeof entityId !== 'string' || !entityId)
    throw new Error('SAML_IDP_METADATA: the entity has no entityID');
  if (!redirect || typeof redirect['@Location'] !== 'string') {
    throw new Error('SAML_IDP_METADATA: the identity provider offers no HTTP-Redirect sign-in');
  }
  if (signingCerts.length === 0)
    throw new Error('SAML_IDP_METADATA: the identity provider has no signing certificate');
  return { entityId, ssoRedirectUrl: redirect['@Location'], signingCerts: [...new Set(signingCerts)] };
}
