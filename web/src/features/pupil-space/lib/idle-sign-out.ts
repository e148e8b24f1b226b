// A shared tablet signs its pupil out after a while without interaction (PUPIL_IDLE_MINUTES,
// docs/pupils.md#la-tablette-partagée): taps, keys and scrolls on the app page, and the runtime
// writes an activity sends (inside the player frame, the pupil's taps never reach this page).
import { useEffect, useRef } from 'react';
import { RUNTIME_ACTIVITY_EVENT } from '../../runtime-relay';

const INTERACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart', RUNTIME_ACTIVITY_EVENT] as const;

/** Calls `onIdle` once `idleMs` passed without interaction (never while `idleMs` is null). */
export function useIdleSignOut(idleMs: number | null, onIdle: () => void): void {
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;
  useEffect(() => {
    if (idleMs === null || idleMs <= 0) return;
    let timer: ReturnType<typeof setTimeout>;
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => onIdleRef.current(), idleMs);
    };
    restart();
    for (const type of INTERACTIONS) window.addEventListener(type, restart, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const type of INTERACTIONS) window.removeEventListener(type, restart);
    };
  }, [idleMs]);
}
