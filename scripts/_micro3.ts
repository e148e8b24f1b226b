import crypto from 'node:crypto';
import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { createCertificate } from '../server/features/ent/certificates.js';
import { paddedSamlResponse } from '../server/test/saml-responses.js';
const k = createCertificate({ commonName: 'x', days: 1 });
const saml = new SAML({ entryPoint: 'https://x.invalid', idpCert: k.certPem, issuer: 'sp', audience: 'sp', callbackUrl: 'https://x/acs', wantAssertionsSigned: true, wantAuthnResponseSigned: false, validateInResponseTo: ValidateInResponseTo.never });
const base = Buffer.from(paddedSamlResponse({ inResponseTo: '_x', idpEntityId: 'idp', padding: 0 }), 'base64').toString();
const shapes: Record<string, string> = {
  attrs: `<a ${Array.from({ length: 20000 }, (_, i) => `b${i}=""`).join(' ')}/>`,
  xmlns: Array.from({ length: 1000 }, () => `<a ${Array.from({ length: 20 }, (_, i) => `xmlns:n${i}="u:${i}"`).join(' ')}/>`).join(''),
  nestedns: `${Array.from({ length: 32 }, (_, d) => `<a ${Array.from({ length: 100 }, (_, i) => `xmlns:n${d}_${i}="u"`).join(' ')}>`).join('')}${'</a>'.repeat(32)}`,
  text: 'x'.repeat(120000),
  entities: '&amp;'.repeat(25000),
  flat1000: '<a/>'.repeat(1000),
};
for (const [name, pad] of Object.entries(shapes)) {
  const xml = base.replace('</samlp:Response>', `${pad}</samlp:Response>`);
  const r = Buffer.from(xml).toString('base64');
  const times = [];
  let err = '';
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    err = await saml.validatePostResponseAsync({ SAMLResponse: r }).then(() => 'ok', (e) => e.message);
    times.push(performance.now() - t);
  }
  console.log(name, Math.round(xml.length / 1024), 'KB min', Math.round(Math.min(...times)), 'ms', err.slice(0, 50));
}
