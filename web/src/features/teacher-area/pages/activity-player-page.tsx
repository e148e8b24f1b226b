// Full-screen offline activity player (/activity/:id: docs/product.md#screens-and-routes, its progress: docs/product.md#the-activity-player, its limits: docs/product.md#business-constants-and-limits). The
// activity runs in the player frame on its own origin (docs/decisions.md#identity-and-security-model, PlayerFrameHost); this
// page downloads the package, shows the progress over the frame's stage, then a start overlay
// whose button puts the stage full-screen. Above the frame, the app's strip names the activity; the
// content's alerts and confirms show over the frame as the activity's. Escape, leaving full-screen
// or the back button clean up and return.
import { Play } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate, useParams } from 'react-router';
import { START_OVERLAY_DELAY_MS } from '@/common/constants.js';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import { type ContentDialog, ContentDialogBox, withContentDialog } from '@/web/src/components/content-dialog';
import { Button } from '@/web/src/components/ui/button';
import { paths } from '@/web/src/config/paths';
import { getHomePath, useAuth } from '@/web/src/lib/auth';
import { useClientConfig } from '@/web/src/lib/client-config';
import { useTabTitle } from '@/web/src/lib/use-tab-title';
import { ActivityStrip } from '../components/activity-strip';
import { usePlayerHost } from '../components/player-frame-host';
import { PlayerProgress } from '../components/player-progress';
import { RetryOrBack } from '../components/retry-or-back';
import { useActivityPlayer } from '../lib/use-activity-player';

export default function ActivityPlayerPage() {
  const entryId = useParamsId();
  // An id that cannot be an activity's has no origin to play on: the page says it cannot load.
  const numericId = /^[1-9]\d{0,15}$/.test(entryId) ? Number(entryId) : null;
  useTabTitle(teacherAreaMessages.activity);
  const { token, user } = useAuth();
  const config = useClientConfig();
  const host = usePlayerHost();
  const [attempt, setAttempt] = useState(0);
  const [overlay, setOverlay] = useState(false);
  const wasFullScreen = useRef(false);
  const returnTo = useReturnTo();
  const navigate = useNavigate();

  // Escape can arrive twice (key, then the full-screen change it causes): leave once.
  const leaving = useRef(false);
  const exit = useCallback(() => {
    if (leaving.current) return;
    leaving.current = true;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    // Not history.back(): pages visited inside the activity frame are in the same history.
    navigate(returnTo, { replace: true });
  }, [navigate, returnTo]);

  const state = useActivityPlayer({
    entryId,
    token,
    userId: user?.id ?? null,
    // Once the frame is on this activity's origin.
    frame: numericId !== null && host.frame?.entryId === numericId ? host.frame : null,
    onPlayed: host.played,
    attempt,
    onEscape: exit,
  });
  const dialogs = useContentDialogs(host.frame);
  const ready = state.step === 'ready' && !state.error;
  const error = state.error ?? (config.isError || numericId === null ? teacherAreaMessages.loadError : null);

  const { open, setView } = host;
  useEffect(() => {
    if (numericId !== null) open(numericId);
    setView(ready ? 'ready' : 'loading');
  }, [open, setView, ready, numericId]);
  useEffect(() => () => setView('hidden'), [setView]);

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setOverlay(true), START_OVERLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') exit();
    };
    // Escape in full-screen is taken by the browser to leave full-screen: that is our exit too.
    const onFullScreenChange = () => {
      if (document.fullscreenElement) wasFullScreen.current = true;
      else if (wasFullScreen.current) exit();
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('fullscreenchange', onFullScreenChange);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFullScreenChange);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [exit]);

  const start = async () => {
    setOverlay(false);
    try {
      // The stage holds the frame and these controls: both stay on screen.
      if (host.stage) await enterFullScreen(host.stage);
    } catch {
      // Full-screen refused (e.g. an embedded browser): play in the page.
    }
    host.frame?.focus();
  };

  const retry = () => {
    setOverlay(false);
    setAttempt((n) => n + 1);
  };

  const closeDialog = () => {
    dialogs.close();
    if (dialogs.shown.length === 1) host.frame?.focus();
  };

  if (!host.controls || !host.strip) return null;
  return (
    <>
      {createPortal(<ActivityStrip title={state.title} onBack={exit} />, host.strip)}
      {createPortal(
        <>
          <h1 className="sr-only">{state.title ?? teacherAreaMessages.activity}</h1>

          {!ready && !error && (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-6">
              <PlayerProgress step={state.step} percent={state.percent} />
              {state.notice && (
                <p role="status" className="max-w-md text-center text-sm text-slate-300">
                  {state.notice}
                </p>
              )}
            </div>
          )}

          {error && (
            <div
              role="alert"
              className="absolute inset-0 flex flex-col items-center justify-center gap-5 p-6 text-center"
            >
              <p className="max-w-md text-lg font-medium">{error}</p>
              <RetryOrBack onRetry={retry} onBack={exit} backClassName="border-white/20" />
            </div>
          )}

          {overlay && (
            <div className="absolute inset-0 flex items-center justify-center bg-slate-950/70 p-6 backdrop-blur-sm">
              <div className="flex flex-col items-center gap-5 text-center">
                <p className="text-xl font-semibold">{teacherAreaMessages.activityReady}</p>
                <Button size="lg" onClick={() => void start()} autoFocus>
                  <Play aria-hidden="true" />
                  {teacherAreaMessages.start}
                </Button>
              </div>
            </div>
          )}

          {ready && dialogs.shown[0] && (
            <ContentDialogBox
              dialog={dialogs.shown[0]}
              activity={state.title ?? teacherAreaMessages.activity}
              onClose={closeDialog}
            />
          )}
        </>,
        host.controls,
      )}
    </>
  );
}

/** The content's alerts and confirms the player relays, oldest first, until each is closed. */
function useContentDialogs(frame: ReturnType<typeof usePlayerHost>['frame']) {
  const [shown, setShown] = useState<ContentDialog[]>([]);
  useEffect(() => {
    setShown([]);
    return frame?.listen((message) => setShown((current) => withContentDialog(current, message)));
  }, [frame]);
  return { shown, close: () => setShown((current) => current.slice(1)) };
}

/** Full-screen where the browser has it for an element (iPadOS: prefixed). An iPhone has none:
 * the stage already covers the whole viewport (100dvh), which is the fallback. */
async function enterFullScreen(element: HTMLElement): Promise<void> {
  const prefixed = element as HTMLElement & { webkitRequestFullscreen?: () => Promise<void> | undefined };
  if (typeof element.requestFullscreen === 'function') await element.requestFullscreen();
  else await prefixed.webkitRequestFullscreen?.();
}

/** Where the player returns: the learning table it was opened from (passed in the link's state). */
export type PlayerLinkState = { returnTo: string };

function useReturnTo(): string {
  const returnTo = (useLocation().state as Partial<PlayerLinkState> | null)?.returnTo;
  const { user } = useAuth();
  const sameApp = typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//');
  // A pupil (/eleve/activite/:id) goes back to their space.
  if (sameApp) return returnTo;
  return user?.role === 'pupil' ? getHomePath(user.role) : paths.userLevels.getHref();
}

function useParamsId(): string {
  return useParams().id ?? '';
}
