// Benchmark of the padded-response attack on the SAML assertion consumer, against the production
// build (run `npm run build` first) with SimpleSAMLphp as the GAR on loopback: a stranger starts a
// sign-in (to get a live request id), then posts a forged response carrying that id, a dummy
// signature and PADDING empty elements (default 16,000: 86 KB of base64). Meanwhile another client
// asks GET /api/config again and again. Printed: how long the forged post took to be answered, and
// the longest any /api/config request waited.
import { startServerWithIdp } from '../e2e/support/ent.js';
import { paddedSamlResponse, requestIdOf } from '../server/test/saml-responses.js';

const PADDING = Number(process.env.PADDING ?? 16_000);

async function main(): Promise<void> {
  const ent = await startServerWithIdp();
  try {
    const { apiUrl } = ent.server;
    const start = await fetch(`${apiUrl}/api/auth/saml/login`, { redirect: 'manual' });
    const SAMLResponse = paddedSamlResponse({
      inResponseTo: requestIdOf(String(start.headers.get('location'))),
      idpEntityId: ent.idp.entityId,
      padding: PADDING,
    });
    const body = new URLSearchParams({ SAMLResponse }).toString();

    let posting = true;
    let longestWait = 0;
    let answered = 0;
    const poll = (async () => {
      while (posting) {
        const sent = performance.now();
        await (await fetch(`${apiUrl}/api/config`)).arrayBuffer();
        longestWait = Math.max(longestWait, performance.now() - sent);
        answered++;
      }
    })();
    const sent = performance.now();
    const acs = await fetch(`${apiUrl}/api/auth/saml/acs`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    await acs.arrayBuffer();
    const took = performance.now() - sent;
    posting = false;
    await poll;
    console.log(
      `Padded SAMLResponse (${PADDING} empty elements, ${Math.round(SAMLResponse.length / 1024)} KB of base64):`,
    );
    console.log(`  answered in ${Math.round(took)} ms: ${acs.status} ${acs.headers.get('location') ?? ''}`);
    console.log(`  GET /api/config meanwhile: ${answered} answered, longest wait ${Math.round(longestWait)} ms`);
  } finally {
    await ent.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
