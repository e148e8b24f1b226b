// Owns the player frame for the learner routes (tables, activity, PDF), so that it is loaded and
// past its cleanup before the learner clicks an activity: the package's chunks go to it at once.
// Each activity plays on an origin of its own (common/content/activity-origin.ts): the table warms
// the frame on the origin of the activity played last (whose package a re-open plays), the
// activity page moves it to its activity's origin. The frame stays at one place in the tree
// (moving a frame reloads it), hidden until an activity page shows it; that page renders the strip
// naming the activity above the frame (outside it: no package can cover it) and its progress and
// buttons over it, in the same stage, which is what goes full-screen. After each activity the frame
// is reloaded, so nothing an activity left in the player's page reaches the next one; a frame that
// loads a second document (the package moved or rewrote the player page) is no longer the player.
// Runtime writes are handed to the runtime relay (features/runtime-relay) from the current frame,
// from the frames it replaced (a frame being unloaded commits as it goes) and from the hidden
// frames that clear the origins of activities played before (ActivityOriginCleaner).

import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type SyntheticEvent,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Outlet } from 'react-router';
import { activityOrigin, separatesActivities } from '@/common/content/activity-origin.js';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import { type AppToPlayer, isPlayerMessage, type PlayerToApp } from '@/web/shared/protocol';
import { getClientConfigQueryOptions } from '@/web/src/lib/client-config';
import { useRuntimeRelay } from '../../runtime-relay';
import { teacherAreaKeys } from '../api/query-keys';
import {
  contentOriginToClear,
  type LastPlayed,
  readLastPlayed,
  readOriginsToClear,
  recordCleared,
  recordContentOriginCleared,
  recordPlayed,
} from '../lib/played-activities';
import { PLAYER_FRAME_SANDBOX } from '../lib/player-frame-sandbox';
import { ActivityOriginCleaner } from './activity-origin-cleaner';

export type PlayerFrame = {
  /** The activity whose origin the player runs on, and that origin. */
  entryId: number;
  origin: string;
  post: (message: AppToPlayer, transfer?: Transferable[]) => void;
  /** Receives the current player's messages (its window and origin only); its first
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
  /** Null until the content origin and the activity are known. */
  frame: PlayerFrame | null;
  /** Where the activity page renders its progress and buttons, over the frame (inside the
   * full-screen stage). */
  controls: HTMLDivElement | null;
  /** Where it renders the strip naming the activity, above the frame. */
  strip: HTMLDivElement | null;
  stage: HTMLDivElement | null;
  /** Has the player frame loaded beside the table, so that it is ready for the click: on the
   * origin it is on, else the activity played last's (a re-open), else `likely`'s (the one to do
   * next). */
  warm: (likely: number | null) => void;
  /** Moves the player frame to `entryId`'s origin (the activity page). */
  open: (entryId: number) => void;
  setView: (view: PlayerView) => void;
  /** The player showed `played`'s package: its origin now holds it offline. */
  played: (played: LastPlayed) => void;
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
  const [target, setTarget] = useState<number | null>(null);
  const targetRef = useRef<number | null>(null);
  const origin = contentUrl && target !== null ? activityOrigin(contentUrl, target) : null;
  const [generation, setGeneration] = useState(0);
  const [view, setView] = useState<PlayerView>('hidden');
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const [controls, setControls] = useState<HTMLDivElement | null>(null);
  const [strip, setStrip] = useState<HTMLDivElement | null>(null);
  const [toClear, setToClear] = useState(readOriginsToClear);
  const [contentOriginPending, setContentOriginPending] = useState(contentOriginToClear);
  /** Origins whose clearing did not finish on this visit (offline, say): tried on the next. */
  const [givenUp, setGivenUp] = useState<ReadonlySet<string>>(new Set());
  const element = useRef<HTMLIFrameElement | null>(null);
  const listeners = useRef(new Set<(message: PlayerToApp) => void>());
  const announcement = useRef<PlayerToApp | null>(null);
  /** Frames replaced by a reload or another activity's, with their origins. */
  const replaced = useRef(new WeakMap<MessageEventSource, string>());
  const queryClient = useQueryClient();
  // The server took writes: the learning table and groups show the completion and score.
  const onSent = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: teacherAreaKeys.all });
  }, [queryClient]);
  /** Relays a frame's writes and acknowledges them to that frame. */
  const relayFrom = useRuntimeRelay(onSent);

  /** The current frame is heard from only for its last runtime writes from now on. */
  const retire = useCallback(() => {
    const old = element.current?.contentWindow;
    const oldOrigin =
      contentUrl && targetRef.current !== null ? activityOrigin(contentUrl, targetRef.current) : null;
    if (old && oldOrigin) replaced.current.set(old, oldOrigin);
    element.current = null;
    announcement.current = null;
  }, [contentUrl]);
  /** The player frames' loads: the player page loads once; a second load is another document. */
  const loads = useRef(new WeakMap<HTMLIFrameElement, number>());
  const onFrameLoad = useCallback(
    (event: SyntheticEvent<HTMLIFrameElement>) => {
      const loaded = event.currentTarget;
      const count = (loads.current.get(loaded) ?? 0) + 1;
      loads.current.set(loaded, count);
      if (count === 1 || loaded !== element.current) return;
      // Not the player any more: only its runtime writes are heard (as a replaced frame's), and the
      // activity page stops.
      retire();
      const left: PlayerToApp = { type: 'player:error', kind: 'left', detail: 'another document loaded' };
      for (const listener of listeners.current) listener(left);
    },
    [retire],
  );

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (!event.source || !isPlayerMessage(event.data)) return;
      const message = event.data;
      const source = event.source as Window;
      const current = event.origin === origin && source === element.current?.contentWindow;
      if (message.type === 'player:runtime-writes') {
        if (current || replaced.current.get(source) === event.origin)
          relayFrom(source, event.origin, message.writes);
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
  }, [origin, relayFrom]);

  const frame = useMemo<PlayerFrame | null>(
    () =>
      origin && target !== null
        ? {
            entryId: target,
            origin,
            post: (message, transfer = []) =>
              element.current?.contentWindow?.postMessage(message, origin, transfer),
            listen: (listener) => {
              listeners.current.add(listener);
              if (announcement.current) listener(announcement.current);
              return () => listeners.current.delete(listener);
            },
            reload: () => {
              // The new frame announces itself.
              retire();
              setGeneration((n) => n + 1);
            },
            focus: () => element.current?.focus(),
          }
        : null,
    [origin, target, retire],
  );

  const moveTo = useCallback(
    (entryId: number | null) => {
      setWanted(true);
      if (entryId === targetRef.current) return;
      retire();
      targetRef.current = entryId;
      setTarget(entryId);
    },
    [retire],
  );
  const warm = useCallback(
    (likely: number | null) => moveTo(targetRef.current ?? readLastPlayed()?.entryId ?? likely),
    [moveTo],
  );
  const played = useCallback((record: LastPlayed) => setToClear(recordPlayed(record)), []);
  const cleared = useCallback((entryId: number) => setToClear(recordCleared(entryId)), []);
  const host = useMemo(
    () => ({ frame, controls, strip, stage, warm, open: moveTo, setView, played }),
    [frame, controls, strip, stage, warm, moveTo, played],
  );
  // One at a time, while no activity is shown, never the origin the frame is on (and only where
  // activities have origins of their own: else the player's own cleanup keeps one package). The
  // content origin first, once, on a device an earlier version of the player used.
  const clearing = useMemo(() => {
    if (view !== 'hidden' || !contentUrl || !separatesActivities(contentUrl)) return undefined;
    const candidates = [
      ...(contentOriginPending
        ? [
            {
              origin: new URL(contentUrl).origin,
              cleared: () => {
                recordContentOriginCleared();
                setContentOriginPending(false);
              },
            },
          ]
        : []),
      ...toClear
        .filter((id) => id !== target)
        .map((id) => ({ origin: activityOrigin(contentUrl, id), cleared: () => cleared(id) })),
    ];
    return candidates.find(({ origin }) => !givenUp.has(origin));
  }, [view, contentUrl, contentOriginPending, toClear, target, givenUp, cleared]);

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
            : 'fixed inset-x-0 top-0 z-50 flex h-dvh w-full flex-col overflow-hidden bg-slate-950 text-slate-100'
        }
      >
        <div ref={setStrip} className="shrink-0" />
        <div className="relative min-h-0 flex-1">
          {wanted && origin && (
            <iframe
              key={`${target}:${generation}`}
              ref={element}
              src={`${origin}/player/`}
              title={teacherAreaMessages.activity}
              sandbox={PLAYER_FRAME_SANDBOX}
              // No full-screen for the content: it would cover the strip.
              allow="autoplay"
              onLoad={onFrameLoad}
              className={`absolute inset-0 size-full border-0 ${view === 'ready' ? '' : 'invisible'}`}
            />
          )}
          <div ref={setControls} />
        </div>
      </div>
      {clearing && (
        <ActivityOriginCleaner
          key={clearing.origin}
          origin={clearing.origin}
          relayFrom={relayFrom}
          onCleared={clearing.cleared}
          onGiveUp={() => setGivenUp((origins) => new Set(origins).add(clearing.origin))}
        />
      )}
    </PlayerHostContext>
  );
}
