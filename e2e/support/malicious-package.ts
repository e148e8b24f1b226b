// A hostile activity for the isolation tests, built in code.
import { buildZip } from '../../server/fixtures/files.js';

/** A package that tries everything a hostile activity would, and writes what it got. */
export function maliciousPackage(appUrl: string): Buffer {
  return buildZip({
    'index.html': `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Piège</title></head>
<body><h1>Activité piégée</h1><pre id="out">running</pre><script src="attack.js"></script></body></html>`,
    'attack.js': `
const results = {};
const attempt = async (name, run) => { try { results[name] = String(await run()); } catch (e) { results[name] = 'blocked'; } };
(async () => {
  await attempt('ownToken', () => sessionStorage.getItem('token'));
  await attempt('topToken', () => window.top.sessionStorage.getItem('token'));
  await attempt('topCookie', () => window.top.document.cookie);
  await attempt('api', () => fetch(${JSON.stringify(appUrl)} + '/api/user/getuserlevels', { credentials: 'include' }).then((r) => 'status ' + r.status));
  await attempt('download', () => fetch(${JSON.stringify(appUrl)} + '/api/user/activity/download/1', { credentials: 'include' }).then((r) => 'status ' + r.status));
  await attempt('serviceWorker', () => navigator.serviceWorker.register('/local-activity/evil-sw.js', { scope: '/local-activity/' }).then(() => 'registered'));
  // As SCORM content: the runtime (when the package is SCORM) is there, on the player window.
  await attempt('scormApi', () => typeof window.parent.API);
  // A forged relay message: not from the player's window, and for a launch the app never started.
  await attempt('forgedWrite', () => {
    window.top.postMessage({ type: 'player:runtime-writes', writes: [{ launchId: 'forged-forged-forged', seq: 1, standard: 'scorm12', data: { cmi: { core: { lesson_status: 'passed' } } }, at: new Date().toISOString() }] }, '*');
    return 'posted';
  });
  await attempt('topNavigation', () => { window.top.location.href = 'https://example.invalid/'; return 'navigated'; });
  document.getElementById('out').textContent = JSON.stringify(results);
})();`,
  });
}
