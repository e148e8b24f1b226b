import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { createCertificate } from '../server/features/ent/certificates.js';
import { paddedSamlResponse } from '../server/test/saml-responses.js';
const k = createCertificate({ commonName: 'x', days: 1 });
const saml = new SAML({ entryPoint: 'https://x.invalid', idpCert: k.certPem, issuer: 'sp', audience: 'sp', callbackUrl: 'https://x/acs', wantAssertionsSigned: true, wantAuthnResponseSigned: false, validateInResponseTo: ValidateInResponseTo.never });
for (const n of (process.argv[2] ?? '250,500,1000,2000').split(',').map(Number)) {
  const r = paddedSamlResponse({ inResponseTo: '_x', idpEntityId: 'idp', padding: n });
  const times = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    await saml.validatePostResponseAsync({ SAMLResponse: r }).catch((e) => e.message);
    times.push(performance.now() - t);
  }
  console.log(n, 'min', Math.round(Math.min(...times)), 'ms; median', Math.round(times.sort((a, b) => a - b)[3]));
}
