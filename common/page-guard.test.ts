import { describe, expect, it } from 'vitest';
import { DIALOG_KEY, PAGE_GUARD } from './page-guard.js';

const ORIGIN = 'http://activity-3.content.ardoise.localhost';

/** Runs the inlined guard in a fake page framed by a player with a dialog entry. */
function guardedPage() {
  const shown: [string, string][] = [];
  const player: Record<string, unknown> = {
    [DIALOG_KEY]: { show: (...args: [string, string]) => shown.push(args) },
  };
  player.parent = player;
  const opened: unknown[] = [];
  const win: Record<string, unknown> = {
    parent: player,
    URL,
    location: { origin: ORIGIN },
    document: { baseURI: `${ORIGIN}/local-activity/abc/index.html` },
    RTCPeerConnection: class {},
    webkitRTCPeerConnection: class {},
    RTCDataChannel: class {},
    open: (url: unknown) => {
      opened.push(url);
      return {};
    },
  };
  new Function('window', PAGE_GUARD)(win);
  return { win, shown, opened };
}

describe('PAGE_GUARD', () => {
  it('removes WebRTC before the page runs', () => {
    const { win } = guardedPage();
    expect(Object.keys(win).filter((name) => name.includes('RTC'))).toEqual([]);
  });

  it('gives nothing to prompt, and hands alert and confirm to the player, confirm answering OK', () => {
    const { win, shown } = guardedPage();
    expect((win.prompt as () => unknown)()).toBeNull();
    (win.alert as (m: unknown) => void)('Bonjour');
    expect((win.confirm as (m: unknown) => boolean)('Reprendre ?')).toBe(true);
    expect(shown).toEqual([
      ['alert', 'Bonjour'],
      ['confirm', 'Reprendre ?'],
    ]);
  });

  it('opens popups on the package’s own origin only', () => {
    const { win, opened } = guardedPage();
    const open = win.open as (url?: unknown) => unknown;
    expect(open('glossaire.html')).not.toBeNull();
    expect(open()).not.toBeNull();
    expect(open('https://exfil.example/?secret=1')).toBeNull();
    expect(open('//exfil.example/')).toBeNull();
    expect(opened).toEqual(['glossaire.html', undefined]);
  });

  it('inlines safely in a script element', () => {
    expect(PAGE_GUARD).not.toMatch(/<\/|<!--|<script/i);
  });
});
