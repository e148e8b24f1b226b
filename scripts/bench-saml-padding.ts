// Benchmark of the padded-response attack on the SAML assertion consumer, against the production
// build (run `npm run build` first) with SimpleSAMLphp as the GAR on loopback: a stranger starts a
// sign-in (to get a live request id), then posts a forged response carrying that id, a dummy
// signature and PADDING empty elements (default 16,000: 86 KB of base64). Meanwhile another client
// asks GET /api/config again and again. Printed, for RUNS posts (default 5) after a first ordinary
// refused post that warms the server up: how long the forged post took to be answered, and the
// longest any /api/config request waited. PADDING=485 measures the worst that passes the element
// limit (SAML_RESPONSE_LIMITS in server/features/ent/saml-provider.ts). The same figures for a real
// answer of the IdP (its teacher's school is not in Ardoise: the whole check runs, then the refusal)
// tell what the machine's load alone costs.
import { IDP_PASSWORD, startServerWithIdp } from '../e2e/support/ent.js';
import { signInAtIdp } from '../server/test/saml-idp.js';
import { paddedSamlResponse, requestIdOf } from '../server/test/saml-responses.js';

const PADDING = Number(process.env.PADDING ?? 16_000);
const RUNS = Number(process.env.RUNS ?? 5);

async function main(): Promise<void> {
  const ent = await startServerWithIdp();
  try {
    const { apiUrl } = ent.server;
    const post = (samlResponse: string) =>
      fetch(`${apiUrl}/api/auth/saml/acs`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
      });
    await (await post(Buffer.from('<x/>').toString('base64'))).arrayBuffer();

    /** Posts one answer while asking GET /api/config again and again. */
    const measure = async (samlResponse: string) => {
      let posting = true;
      let longestWait = 0;
      const poll = (async () => {
        while (posting) {
          const sent = performance.now();
          await (await fetch(`${apiUrl}/api/config`)).arrayBuffer();
          longestWait = Math.max(longestWait, performance.now() - sent);
        }
      })();
      const sent = performance.now();
      const acs = await post(samlResponse);
      await acs.arrayBuffer();
      const took = performance.now() - sent;
      posting = false;
      await poll;
      return { took, longestWait, status: `${acs.status} ${acs.headers.get('location') ?? ''}` };
    };
    const loginUrl = async () =>
      String((await fetch(`${apiUrl}/api/auth/saml/login`, { redirect: 'manual' })).headers.get('location'));

    const padded: Awaited<ReturnType<typeof measure>>[] = [];
    const real: Awaited<ReturnType<typeof measure>>[] = [];
    let size = 0;
    for (let run = 0; run < RUNS; run++) {
      const SAMLResponse = paddedSamlResponse({
        inResponseTo: requestIdOf(await loginUrl()),
        idpEntityId: ent.idp.entityId,
        padding: PADDING,
      });
      size = SAMLResponse.length;
      padded.push(await measure(SAMLResponse));
      const form = await signInAtIdp(await loginUrl(), { username: 'claire', password: IDP_PASSWORD });
      real.push(await measure(form.fields.SAMLResponse!));
    }
    const figures = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `median ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms, max ${Math.round(sorted.at(-1)!)} ms`;
    };
    const print = (label: string, runs: Awaited<ReturnType<typeof measure>>[]) => {
      console.log(`${label}, ${RUNS} posts:`);
      console.log(`  answered in ${figures(runs.map((r) => r.took))} (${runs[0]!.status})`);
      console.log(`  longest wait of GET /api/config meanwhile: ${figures(runs.map((r) => r.longestWait))}`);
    };
    print(`Padded SAMLResponse (${PADDING} empty elements, ${Math.round(size / 1024)} KB of base64)`, padded);
    print('A real answer of the IdP', real);
  } finally {
    await ent.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
