// The door remembers the last class code on this device (a shared class tablet: the next pupil
// starts at their name), and reads a card's QR token from the address's fragment once.

const CLASS_CODE_KEY = 'ardoise.classe.code';

export function readRememberedClassCode(): string | null {
  try {
    return localStorage.getItem(CLASS_CODE_KEY);
  } catch {
    return null;
  }
}

export function rememberClassCode(code: string | null): void {
  try {
    if (code) localStorage.setItem(CLASS_CODE_KEY, code);
    else localStorage.removeItem(CLASS_CODE_KEY);
  } catch {
    // Storage unavailable: the class code is asked again next time.
  }
}

/** The QR token of `/classe#carte=<token>`, wiped from the address bar and the history. */
export function takeCardToken(): string | null {
  const params = new URLSearchParams(window.location.hash.slice(1));
  if (window.location.hash) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return params.get('carte');
}
