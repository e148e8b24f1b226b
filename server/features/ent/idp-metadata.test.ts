// The IdP's metadata is bounded before it is parsed, whether it comes from a file or a URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIdpMetadata, METADATA_LIMITS, parseIdpMetadata } from './idp-metadata.js';

const metadata = (extra = '') =>
  '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.example/saml">' +
  '<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">' +
  '<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIIC</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>' +
  '<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example/sso"/>' +
  `${extra}</md:IDPSSODescriptor></md:EntityDescriptor>`;

let server: http.Server;
let url: string;
let served = 0;
beforeAll(async () => {
  // Serves a body far over the limit, slowly enough that reading it whole would show.
  server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/xml' });
    const chunk = Buffer.alloc(64 * 1024, ' ');
    const write = () => {
      while (served < 64 * METADATA_LIMITS.maxChars) {
        served += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', write);
      }
      response.end();
    };
    response.on('close', () => response.destroy());
    write();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metadata`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the IdP metadata', () => {
  it('reads an IdP’s entityID, sign-in URL and certificates', () => {
    expect(parseIdpMetadata(metadata())).toEqual({
      entityId: 'https://idp.example/saml',
      ssoRedirectUrl: 'https://idp.example/sso',
      signingCerts: ['MIIC'],
    });
  });

  it.each([
    ['too many elements', metadata('<md:Extensions/>'.repeat(METADATA_LIMITS.maxElements)), /elements/],
    ['nested too deep', metadata(`${'<x>'.repeat(40)}${'</x>'.repeat(40)}`), /deep/],
    ['with a DOCTYPE', `<!DOCTYPE x [<!ENTITY a "b">]>${metadata()}`, /DOCTYPE/],
  ])('refuses metadata %s before parsing it', (_case, xml, message) => {
    expect(() => parseIdpMetadata(xml)).toThrow(message);
  });

  it('stops reading a metadata URL past the limit', async () => {
    await expect(loadIdpMetadata(url)).rejects.toThrow(/answered more than/);
    expect(served).toBeLessThan(64 * METADATA_LIMITS.maxChars);
  });
});
