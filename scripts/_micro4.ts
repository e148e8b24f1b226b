import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { createCertificate } from '../server/features/ent/certificates.js';
import { paddedSamlResponse } from '../server/test/saml-responses.js';
const k = createCertificate({ commonName: 'x', days: 1 });
const saml = new SAML({ entryPoint: 'https://x.invalid', idpCert: k.certPem, issuer: 'sp', audience: 'sp', callbackUrl: 'https://x/acs', wantAssertionsSigned: true, wantAuthnResponseSigned: false, validateInResponseTo: ValidateInResponseTo.never });
const base = Buffer.from(paddedSamlResponse({ inResponseTo: '_x', idpEntityId: 'idp', padding: 0 }), 'base64').toString();
for (const n of [1000, 2000, 4000, 8000]) {
  for (const [name, pad] of Object.entries({
    attrs: `<a ${Array.from({ length: n }, (_, i) => `b${i}=""`).join(' ')}/>`,
    xmlnsflat: Array.from({ length: n / 20 }, () => `<a ${Array.from({ length: 20 }, (_, i) => `xmlns:n${i}="u:${i}"`).join(' ')}/>`).join(''),
    attrsflat: Array.from({ length: n / 20 }, () => `<a ${Array.from({ length: 20 }, (_, i) => `b${i}="u:${i}"`).join(' ')}/>`).join(''),
  })) {
    const r = Buffer.from(base.replace('</samlp:Response>', `${pad}</samlp:Response>`)).toString('base64');
    const times = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await saml.validatePostResponseAsync({ SAMLResponse: r }).catch(() => 0);
      times.push(performance.now() - t);
    }
    console.log(name, n, 'min', Math.round(Math.min(...times)), 'ms');
  }
}
