// Owns the content-origin player frame for the learner routes (tables, activity, PDF), so that it
// is loaded and past its cleanup before the learner clicks an activity: the package's chunks go to
// it at once. The frame stays at one place in the tree (moving a frame reloads it), hidden until
// an activity page shows it; that page renders its progress and buttons into the same stage, which
// is what goes full-screen. After each activity the frame is reloaded, so nothing an activity left
// in the player's page reaches the next one.
import { useQuery } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { type AppToPlayer, isPlayerMessage, type PlayerToApp } from '../../../../player/protocol';
import { getPlayerConfigQueryOptions } from '../api/get-player-config';

// The frame may run scripts and keep its own (content) origin, but may not navigate this page.
const FRAME_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-modals allow-pointer-lock allow-popups allow-downloads';

export type PlayerFrame = {
  /** The content origin the player runs on. */
  origin: string;
  post: (message: AppToPlayer, transfer?: Transferable[]) => void;
  /** Receives the current player's messages (its window, the content origin only); its first
   * announcement (`player:waiting`, or an error) is replayed when it came before. */
  listen: (listener: (message: PlayerToApp) => void) => () => void;
  /** Loads a fresh player: after an activity, or to try again. */
  reload: () => void;
  focus: () => void;
};

/** What the stage shows: nothing (the learner is on another page), the activity page's progress
 * over a hidden frame, or the activity. */
export type PlayerView = 'hidden' | 'loading' | 'ready';

type PlayerHost = {
  /** Null until the content origin is known. */
  frame: PlayerFrame | null;
  /** Where the activity page renders its progress and buttons (inside the full-screen stage). */
  controls: HTMLDivElement | null;
  stage: HTMLDivElement | null;
  /** Starts loading the player frame (the table does it, so that it is ready for the click). */
  warm: () => void;
  setView: (view: PlayerView) => void;
};

const PlayerHostContext = createContext<PlayerHost | null>(null);

export function usePlayerHost(): PlayerHost {
  const host = use(PlayerHostContext);
  if (!host) throw new Error('usePlayerHost needs a PlayerFrameHost above it');
  return host;
}

export default function PlayerFrameHost() {
  const [wanted, setWanted] = useState(false);
  const config = useQuery({ ...getPlayerConfigQueryOptions(), enabled: wanted });
  const contentUrl = config.data?.contentUrl;
  const origin = contentUrl ? new URL(contentUrl).origin : null;
  const [generation, setGeneration] = useState(0);
  const [view, setView] = useState<PlayerView>('hidden');
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const [controls, setControls] = useState<HTMLDivElement | null>(null);
  const element = useRef<HTMLIFrameElement | null>(null);
  const listeners = useRef(new Set<(message: PlayerToApp) => void>());
  const announcement = useRef<PlayerToApp | null>(null);

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      const source = element.current?.contentWindow;
      if (event.origin !== origin || !source || event.source !== source) return;
      if (!isPlayerMessage(event.data)) return;
      const message = event.data;
      if (message.type === 'player:waiting' || message.type === 'player:error') {
        announcement.current ??= message;
      }
      for (const listener of listeners.current) listener(message);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  const frame = useMemo<PlayerFrame | null>(
    () =>
      origin
        ? {
            origin,
            post: (message, transfer = []) =>
              element.current?.contentWindow?.postMessage(message, origin, transfer),
            listen: (listener) => {
              listeners.current.add(listener);
              if (announcement.current) listener(announcement.current);
              return () => listeners.current.delete(listener);
            },
            reload: () => {
              // The old frame is not heard from again; the new one announces itself.
              element.current = null;
              announcement.current = null;
              setGeneration((n) => n + 1);
            },
            focus: () => element.current?.focus(),
          }
        : null,
    [origin],
  );

  const warm = useCallback(() => setWanted(true), []);
  const host = useMemo(() => ({ frame, controls, stage, warm, setView }), [frame, controls, stage, warm]);

  return (
    <PlayerHostContext value={host}>
      <Outlet />
      <div
        ref={setStage}
        className={view === 'hidden' ? 'hidden' : 'fixed inset-0 z-50 bg-slate-950 text-slate-100'}
      >
        {wanted && contentUrl && (
          <iframe
            key={generation}
            ref={element}
            src={`${contentUrl}/player/`}
            title="Activité"
            sandbox={FRAME_SANDBOX}
            allow="fullscreen; autoplay"
            className={`absolute inset-0 size-full border-0 ${view === 'ready' ? '' : 'invisible'}`}
          />
        )}
        <div ref={setControls} />
      </div>
    </PlayerHostContext>
  );
}
