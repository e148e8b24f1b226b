// Benchmark of a sign-in through the ENT in headless Chromium against the production
// build (run `npm run build` first), with SimpleSAMLphp as the GAR on loopback: the teacher is
// already signed in to the ENT (the IdP's session is open), signed out of Ardoise, and clicks
// Ardoise's link. Measured from that click (the navigation to /api/auth/saml/login) until /user is
// painted (its heading in the page, then two animation frames), RUNS times in fresh tabs; median
// printed. Also: the first sign-in of the run, which includes typing on the IdP's login page.
import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { entSchoolWithLevel, signInAtIdpPage, startServerWithIdp } from '../e2e/support/ent.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const HEADING = 'Choisissez votre niveau';

// Runs in every document of the tab: notes when the level picker's heading is painted.
const PAINT_PROBE = `(() => {
  const done = () => requestAnimationFrame(() => requestAnimationFrame(() => {
    window.__userPainted = performance.timeOrigin + performance.now();
  }));
  const seen = () => [...document.querySelectorAll('h1')].some((h) => h.textContent.includes(${JSON.stringify(HEADING)}));
  const watch = () => new MutationObserver((_, observer) => {
    if (location.pathname === '/user' && seen()) { observer.disconnect(); done(); }
  }).observe(document.documentElement, { childList: true, subtree: true });
  if (document.documentElement) watch(); else document.addEventListener('DOMContentLoaded', watch);
})();`;

async function timeOneSignIn(context: BrowserContext, appUrl: string, typeAtIdp: boolean): Promise<number> {
  const page = await context.newPage();
  await page.addInitScript(PAINT_PROBE);
  const clicked = Date.now();
  await page.goto(`${appUrl}/api/auth/saml/login`);
  if (typeAtIdp) await signInAtIdpPage(page, 'claire');
  await page.waitForFunction(
    () => (window as unknown as { __userPainted?: number }).__userPainted,
    undefined,
    {
      timeout: 30_000,
    },
  );
  const painted = await page.evaluate(() => (window as unknown as { __userPainted: number }).__userPainted);
  await page.close();
  // Signed out of Ardoise again (its tab storage went with the tab); the IdP's session stays.
  await context.clearCookies({ name: '__Host-ardoise_session' });
  return painted - clicked;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  const ent = await startServerWithIdp();
  const browser = await launchBrowser();
  try {
    const { server } = ent;
    await entSchoolWithLevel(server, { level: 'Sixième', activityTitle: 'Activité', sessions: 2 });

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const first = await timeOneSignIn(context, server.url, true);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await timeOneSignIn(context, server.url, false));
    await context.close();
    console.log(`ENT sign-in, click to /user painted (Chromium, loopback, SimpleSAMLphp as the GAR):`);
    console.log(`  first of the run, typing at the IdP included: ${Math.round(first)} ms`);
    console.log(
      `  signed in to the ENT already: median ${Math.round(median(times))} ms over ${RUNS} (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))})`,
    );
    console.log(`  each: ${times.map((t) => Math.round(t)).join(', ')} ms`);
  } finally {
    await browser.close();
    await ent.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
