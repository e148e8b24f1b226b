// Owns the content-origin player frame for the learner routes (tables, activity, PDF), so that it
// is loaded and past its cleanup before the learner clicks an activity: the package's chunks go to
// it at once. The frame stays at one place in the tree (moving a frame reloads it), hidden until
// an activity page shows it; that page renders its progress and buttons into the same stage, which
// is what goes full-screen. After each activity the frame is reloaded, so nothing an activity left
// in the player's page reaches the next one. Runtime writes are handed to the runtime relay
// (features/runtime-relay) from the current frame and from the frames it replaced (a frame being
// unloaded commits as it goes).

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { learnerMessages } from '../../../../../common/messages/learner.js';
import { type AppToPlayer, isPlayerMessage, type PlayerToApp } from '../../../../player/shared/protocol';
import { getClientConfigQueryOptions } from '../../../lib/client-config';
import { parseRuntimeWrites, useRuntimeRelay } from '../../runtime-relay';
import { learnerKeys } from '../api/query-keys';

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
  const config = useQuery({ ...getClientConfigQueryOptions(), enabled: wanted });
  const contentUrl = config.data?.contentUrl;
  const origin = contentUrl ? new URL(contentUrl).origin : null;
  const [generation, setGeneration] = useState(0);
  const [view, setView] = useState<PlayerView>('hidden');
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const [controls, setControls] = useState<HTMLDivElement | null>(null);
  const element = useRef<HTMLIFrameElement | null>(null);
  const listeners = useRef(new Set<(message: PlayerToApp) => void>());
  const announcement = useRef<PlayerToApp | null>(null);
  const replaced = useRef(new WeakSet<MessageEventSource>());
  const queryClient = useQueryClient();
  // The server took writes: the learning table and groups show the completion and score.
  const onSent = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: learnerKeys.all });
  }, [queryClient]);
  const relay = useRuntimeRelay(onSent);

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !event.source || !isPlayerMessage(event.data)) return;
      const message = event.data;
      const source = event.source as Window;
      const current = event.source === element.current?.contentWindow;
      if (message.type === 'player:runtime-writes') {
        const writes = parseRuntimeWrites(message.writes);
        if (!writes || !(current || replaced.current.has(source))) return;
        relay(writes, (ids) =>
          source.postMessage({ type: 'app:runtime-ack', writes: ids } satisfies AppToPlayer, origin),
        );
        return;
      }
      if (!current) return;
      if (message.type === 'player:waiting' || message.type === 'player:error') {
        announcement.current ??= message;
      }
      for (const listener of listeners.current) listener(message);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, relay]);

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
              // The old frame is heard from only for its last runtime writes; the new one
              // announces itself.
              const old = element.current?.contentWindow;
              if (old) replaced.current.add(old);
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
        // 100dvh, not inset-0 alone: on phones the stage then follows the visible viewport as the
        // browser's bars and the orientation change (no Fullscreen API for a div on an iPhone).
        className={
          view === 'hidden'
            ? 'hidden'
            : 'fixed inset-x-0 top-0 z-50 h-dvh w-full overflow-hidden bg-slate-950 text-slate-100'
        }
      >
        {wanted && contentUrl && (
          <iframe
            key={generation}
            ref={element}
            src={`${contentUrl}/player/`}
            title={learnerMessages.activity}
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
