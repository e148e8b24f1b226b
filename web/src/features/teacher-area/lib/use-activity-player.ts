// Drives the player frame for one activity: downloads the package (or confirms the offline copy is
// current) and hands its chunks to the frame as they arrive (kept until the frame's cleanup is
// done), or hands it the bytes the app origin keeps when another origin played that package on this
// device (kept-packages.ts), fetches the launch information beside it (kind, folder, launch page,
// kept runtime state) and hands it over with a fresh launch id before the package's end, then
// follows the frame's progress up to ready; the frame is reloaded when the activity is left.
// Messages come only from the player frame on the activity's own origin (checked by the host), and
// are treated as untrusted (the activity shares that origin).

import { useEffect, useRef, useState } from 'react';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import type { ActivityLaunchResponse } from '@/common/schemas/activity-runtime.js';
import type { AppToPlayer, PlayerStep, PlayerToApp } from '@/web/shared/protocol';
import { isNoAnswer } from '@/web/src/lib/api-client';
import {
  keepLaunch,
  keptLaunch,
  lastUnsentWrite,
  rememberLaunch,
  rememberLaunchPass,
  runtimeAfterWrite,
  runtimeWritesQueued,
} from '../../runtime-relay';
import { getActivityLaunch } from '../api/get-activity-launch';
import type { PlayerFrame } from '../components/player-frame-host';
import { downloadPackage, PackageDownloadError } from './download-package';
import { forgetPackage, keepPackage, keptHashes, keptPackage } from './kept-packages';
import { type LastPlayed, readLastPlayed } from './played-activities';
import { advanceStep, downloadPercent, PLAYER_STEPS } from './player-steps';

export type PlayerState = {
  step: PlayerStep;
  percent: number;
  error: string | null;
  /** Shown under the progress: the device had lost the package, downloaded again. */
  notice: string | null;
  /** The activity's name, once the launch information is there. */
  title: string | null;
};

/** A launch's id: 128 random bits, URL-safe (getRandomValues works outside secure contexts too). */
export function newLaunchId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const FRAME_TIMEOUT_MS = 15_000;
/** The slices a kept package is handed to the frame in. */
const KEPT_CHUNK_BYTES = 1024 * 1024;

const initial: PlayerState = {
  step: 'cleanup',
  percent: PLAYER_STEPS.cleanup.percent,
  error: null,
  notice: null,
  title: null,
};

const downloadErrorText = {
  'too-large': teacherAreaMessages.contentTooLarge,
  timeout: teacherAreaMessages.downloadTimeout,
  failed: teacherAreaMessages.loadError,
  offline: teacherAreaMessages.offlineNotHeld,
} as const;

/** The server's launch information, with this device's last write when the server has not
 * acknowledged it yet (read first: once acknowledged, the server's answer holds it), kept for an
 * offline re-open; when the network is cut (no answer at all), or for a pupil let in offline who
 * has no session on the server yet (`fromDevice`), the one kept on this device for this entry and
 * user. */
async function loadLaunch(
  entryId: string,
  userId: number,
  fromDevice: boolean,
  signal: AbortSignal,
): Promise<ActivityLaunchResponse> {
  const kept = async () => {
    const launch = await keptLaunch(Number(entryId), userId).catch(() => null);
    if (!launch) throw new PackageDownloadError('offline');
    return launch;
  };
  if (fromDevice) return kept();
  try {
    const unsent = await lastUnsentWrite(Number(entryId)).catch(() => null);
    const server = await getActivityLaunch(entryId, signal);
    const info =
      unsent && unsent.standard === server.package.kind
        ? { ...server, runtime: runtimeAfterWrite(unsent) }
        : server;
    keepLaunch(Number(entryId), userId, info).catch((error: unknown) =>
      console.error('Kept launches', error),
    );
    return info;
  } catch (error) {
    if (signal.aborted || !isNoAnswer(error)) throw error;
    return kept();
  }
}

type Options = {
  entryId: string;
  /** The session's token, for the download; null for a pupil let in while the network is cut
   * (docs/pupils.md#hors-ligne): the device's copies play. A token arriving later (their session
   * opened once the network is back) does not start the activity again. */
  token: string | null;
  /** Whose kept launches may be used offline. */
  userId: number | null;
  /** The player frame on this activity's origin (null until it is there). */
  frame: PlayerFrame | null;
  /** Records this activity and its package once shown. */
  onPlayed: (played: LastPlayed) => void;
  /** A new attempt ('Réessayer') starts everything again. */
  attempt: number;
  onEscape: () => void;
};

export function useActivityPlayer({
  entryId,
  token,
  userId,
  frame,
  onPlayed,
  attempt,
  onEscape,
}: Options): PlayerState {
  const [state, setState] = useState<PlayerState>(initial);
  // Read through refs so that a new callback does not restart the whole load.
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;
  const onPlayedRef = useRef(onPlayed);
  onPlayedRef.current = onPlayed;
  const tokenRef = useRef(token);
  tokenRef.current = token;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt ('Réessayer') starts again.
  useEffect(() => {
    if (!frame || userId === null) return;
    setState({ ...initial });
    const controller = new AbortController();
    let downloadStarted = false;
    let finished = false;

    const advance = (step: PlayerStep, percent = PLAYER_STEPS[step].percent) =>
      setState((current) => advanceStep(current, step, percent));
    const fail = (error: string) => {
      finished = true;
      controller.abort();
      setState((current) => ({ ...current, error }));
    };
    const post = (message: AppToPlayer, transfer: Transferable[] = []) => frame.post(message, transfer);
    // What the download has for the frame before it has announced itself is kept until then.
    let outbox: [AppToPlayer, Transferable[]][] | null = [];
    const toFrame = (message: AppToPlayer, transfer: Transferable[] = []) => {
      if (outbox) outbox.push([message, transfer]);
      else post(message, transfer);
    };

    // The download starts at once, beside the frame's start-up, asking with the package this
    // activity's origin held last, when it is the activity played last (most likely still held
    // there), and the packages the app origin keeps: a 304 names the one that is current.
    const last = readLastPlayed();
    const hint = last?.entryId === Number(entryId) ? last.namespace : null;
    const kept = keptHashes().catch((error: unknown) => {
      console.error('Kept packages', error);
      return [] as string[];
    });
    let frameHeld: string | null | undefined;
    let fraction = 0;
    // The bar moves by whole percents: no render for the other chunks (they slow the download).
    let shownPercent = -1;
    const onProgress = (value: number) => {
      fraction = value;
      const percent = downloadPercent(value);
      if (frameHeld === undefined || percent === shownPercent) return;
      shownPercent = percent;
      advance('download', percent);
    };
    let streamed = '';
    /** A copy of what the network sent, kept on the app origin once whole (the frame gets the
     * chunks themselves: they are transferred). */
    let copies: Blob[] = [];
    const download = (held: readonly string[]) => {
      copies = [];
      const token = tokenRef.current;
      // Without a session (a pupil let in offline), only the device's copies can play.
      if (token === null) return Promise.reject(new PackageDownloadError('offline'));
      return downloadPackage({
        entryId,
        token,
        held,
        signal: controller.signal,
        onProgress,
        onStart: (namespace, size) => {
          streamed = namespace;
          toFrame({ type: 'app:package-start', namespace, size });
        },
        onChunk: (chunk) => {
          copies.push(new Blob([chunk]));
          toFrame({ type: 'app:package-chunk', namespace: streamed, bytes: chunk.buffer }, [chunk.buffer]);
        },
      });
    };
    const early = kept.then((hashes) => download([...new Set([...(hint ? [hint] : []), ...hashes])]));
    /** Hands the frame a package the app origin keeps, as a download would, from the device. */
    const sendKept = async (namespace: string, bytes: Blob) => {
      post({ type: 'app:package-start', namespace, size: bytes.size });
      for (let offset = 0; offset < bytes.size; offset += KEPT_CHUNK_BYTES) {
        if (controller.signal.aborted) return;
        const chunk = await bytes.slice(offset, offset + KEPT_CHUNK_BYTES).arrayBuffer();
        post({ type: 'app:package-chunk', namespace, bytes: chunk }, [chunk]);
        onProgress(Math.min(1, (offset + chunk.byteLength) / bytes.size));
      }
    };
    early.catch(() => undefined); // handled in handOver
    // Beside the download: the launch information, and this launch recorded in the app's queue
    // database before the player hears of it (only a launch the app knows has its writes queued).
    // The kept data is read once the frame has handed over its journal's leftovers and they are
    // queued (runtimeWritesQueued, loadLaunch): a reload resumes from its own last commit.
    const launchId = newLaunchId();
    let frameAnnounced: () => void = () => undefined;
    const announced = new Promise<void>((resolve) => {
      frameAnnounced = resolve;
    });
    const launchInfo = Promise.all([
      announced
        .then(runtimeWritesQueued)
        .then(() => loadLaunch(entryId, userId, tokenRef.current === null, controller.signal)),
      // Without the queue database the activity still plays; what it reports is not kept.
      rememberLaunch(launchId, Number(entryId), frame.origin).catch((error: unknown) =>
        console.error('Runtime queue', error),
      ),
    ]).then(async ([info]) => {
      // A pupil's entry: its writes go with this pass, whoever is signed in when they leave.
      if (info.writePass)
        await rememberLaunchPass(launchId, info.writePass).catch((error: unknown) =>
          console.error('Runtime queue', error),
        );
      return info;
    });
    launchInfo.catch(() => undefined); // handled in handOver

    let sent: string | null = null;
    const handOver = async () => {
      advance('download', downloadPercent(fraction));
      for (const [message, transfer] of outbox ?? []) post(message, transfer);
      outbox = null;
      // As soon as it is known, so that the player loads the runtime while the package arrives.
      launchInfo
        .then(({ title, package: { hash, kind, root, launch }, runtime, xapi }) => {
          if (controller.signal.aborted) return;
          // A launch kept by an earlier version has no title.
          if (typeof title === 'string') setState((current) => ({ ...current, title }));
          post({ type: 'app:launch', namespace: hash, kind, root, launch, runtime, launchId, xapi });
        })
        .catch(() => undefined); // handled below
      try {
        let result = await early.catch(async (error: unknown) => {
          // The network is cut: the copy the frame holds, or the app keeps, plays if it is this
          // entry's package.
          if (!(error instanceof PackageDownloadError && error.reason === 'offline')) throw error;
          const { hash } = (await launchInfo).package;
          if (hash !== frameHeld && !(await kept).includes(hash)) throw error;
          return { status: 'current' as const, namespace: hash };
        });
        let fromNetwork = result.status === 'downloaded';
        if (result.status === 'current' && result.namespace !== frameHeld) {
          // Current, held by the app origin but not by this frame's: the frame gets the kept bytes.
          const namespace = result.namespace;
          const bytes = await keptPackage(namespace).catch(() => null);
          if (controller.signal.aborted) return;
          if (bytes) {
            await sendKept(namespace, bytes).catch(async (error: unknown) => {
              // Unreadable (the browser dropped the file): forgotten, so that 'Réessayer' downloads.
              await forgetPackage(namespace).catch(() => undefined);
              throw error;
            });
            result = { status: 'downloaded', namespace };
          } else {
            // The server confirmed a copy the device no longer holds (the browser evicted it):
            // download after all, and say so.
            setState((current) => ({ ...current, notice: teacherAreaMessages.packageDownloadedAgain }));
            result = await download([]);
            fromNetwork = true;
          }
        }
        const info = await launchInfo;
        if (controller.signal.aborted) return;
        if (info.package.hash !== result.namespace) throw new Error('The package changed meanwhile');
        sent = result.namespace;
        if (result.status === 'current') post({ type: 'app:use-held', namespace: result.namespace });
        else post({ type: 'app:package-end', namespace: result.namespace });
        if (fromNetwork)
          keepPackage(result.namespace, new Blob(copies)).catch((error: unknown) =>
            console.error('Kept packages', error),
          );
      } catch (error) {
        if (controller.signal.aborted) return;
        fail(downloadErrorText[error instanceof PackageDownloadError ? error.reason : 'failed']);
      }
    };

    // The frame announces itself once its cleanup is done; silence means it could not load.
    const frameTimeout = setTimeout(() => {
      if (!downloadStarted)
        fail(navigator.onLine ? teacherAreaMessages.loadError : teacherAreaMessages.offlineNotHeld);
    }, FRAME_TIMEOUT_MS);

    const onMessage = (message: PlayerToApp) => {
      if (finished) return;
      switch (message.type) {
        case 'player:waiting':
          if (downloadStarted) return;
          downloadStarted = true;
          clearTimeout(frameTimeout);
          frameHeld = typeof message.held === 'string' ? message.held : null;
          frameAnnounced();
          void handOver();
          return;
        case 'player:progress':
          if (message.step in PLAYER_STEPS) advance(message.step);
          return;
        case 'player:ready':
          if (!sent) return;
          onPlayedRef.current({ entryId: Number(entryId), namespace: sent });
          advance('ready');
          return;
        case 'player:error':
          fail(
            message.kind === 'left'
              ? teacherAreaMessages.playerLeft
              : message.kind === 'display'
                ? teacherAreaMessages.displayError
                : teacherAreaMessages.loadError,
          );
          return;
        case 'player:escape':
          onEscapeRef.current();
          return;
      }
    };

    const stopListening = frame.listen(onMessage);
    return () => {
      clearTimeout(frameTimeout);
      controller.abort();
      stopListening();
      // A clean player for the next activity or attempt.
      frame.reload();
    };
  }, [entryId, userId, frame, attempt]);

  return state;
}
