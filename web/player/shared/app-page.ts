// The app page that frames a player page (its origin is written into the page by the server), and
// the one way to talk to it: the player's pages post to that origin only and hear only from it.
import type { PlayerToApp } from '../../shared/protocol';

export const appOrigin =
  document.querySelector<HTMLMetaElement>('meta[name="ardoise-app-origin"]')?.content ?? '';

export function sendToApp(message: PlayerToApp): void {
  if (window.parent !== window) window.parent.postMessage(message, appOrigin);
}
