// The shared body of the two preview screens: breadcrumb, header with a full-screen button, the probe's
// states (loading, failure alert) and the frame once the probe succeeded. An activity package plays
// in the content origin's preview player (its SCORM or H5P runtime, recording nothing), below a strip
// of the app naming it; full-screen takes the strip along (the frame itself may not go full-screen:
// the package would cover the strip).
import { Maximize2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import { previewPlayerUrl } from '@/common/preview-player.js';
import type { PackageKind } from '@/common/schemas/activity-package.js';
import type { TrailStep } from '@/common/schemas/curriculum.js';
import { type ContentDialog, ContentDialogBox, withContentDialog } from '@/web/src/components/content-dialog';
import { Alert, AlertDescription, AlertTitle } from '@/web/src/components/ui/alert';
import { Button } from '@/web/src/components/ui/button';
import { LogoMark } from '@/web/src/components/ui/logo';
import { PageHeader } from '@/web/src/components/ui/page-header';
import { Spinner } from '@/web/src/components/ui/spinner';
import { PreviewProbeError } from '../lib/use-preview-probe';
import { CurriculumTrail } from './trail';

type Props = {
  fallbackTitle: string;
  frameTitle: (title: string) => string;
  /** What is framed (a PDF), or for an activity (`kind` given) its package folder on the package's
   * own origin, `https://preview-….<content host>/content/{id}/{pass}/`: the preview player is
   * framed on that origin. */
  src: string | null;
  /** An activity package's kind and start page (relative to `src`): framed by the preview player. */
  kind?: PackageKind;
  launch?: string;
  status: 'pending' | 'error' | 'success';
  error: unknown;
  /** Extra attributes of the frame (sandbox for untrusted content). */
  sandbox?: string;
  /** The item's place in the tree (it ends with the item); undefined while it loads or when the
   * item cannot be read (the probe then tells why). */
  trail: TrailStep[] | undefined;
  children?: ReactNode;
};

/** The preview player's URL for the package in folder `folder` (an absolute URL). */
function playerUrl(folder: string, kind: PackageKind, launch: string): string {
  const { origin, pathname } = new URL(folder);
  return previewPlayerUrl(origin, { base: pathname, kind, launch });
}

export function PreviewFrame({
  fallbackTitle,
  frameTitle,
  src,
  kind,
  launch,
  status,
  error,
  sandbox,
  trail,
}: Props) {
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [dialogs, setDialogs] = useState<ContentDialog[]>([]);
  // The package's alerts and confirms, relayed by the preview player (its window and origin only).
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const element = frame.current;
      if (!element || event.source !== element.contentWindow) return;
      if (event.origin !== new URL(element.src, window.location.href).origin) return;
      setDialogs((current) => withContentDialog(current, event.data));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  const title = trail?.at(-1)?.title ?? fallbackTitle;

  return (
    <div className="flex h-full flex-col">
      <CurriculumTrail trail={status === 'error' && !trail ? [] : trail} />
      <PageHeader
        title={title}
        subtitle={m.preview}
        tabTitle={m.tabTitle(m.preview, title)}
        actions={
          status === 'success' && (
            <Button variant="outline" onClick={() => void stage.current?.requestFullscreen()}>
              <Maximize2 aria-hidden="true" />
              {m.fullscreen}
            </Button>
          )
        }
      />
      {status === 'error' ? (
        <Alert variant="destructive" data-testid="preview-error">
          <AlertTitle>{m.previewFailed}</AlertTitle>
          <AlertDescription>
            {/* The HTTP status text (docs/product.md#error-catalogue) is the protocol's, not a sentence to translate. */}
            <p translate={error instanceof PreviewProbeError ? 'no' : undefined}>
              {error instanceof PreviewProbeError ? error.status : String(error)}
            </p>
            {error instanceof PreviewProbeError && (
              <p className="break-all font-mono text-xs" translate="no">
                {error.url}
              </p>
            )}
          </AlertDescription>
        </Alert>
      ) : status === 'pending' || !src ? (
        <div
          className="flex min-h-80 flex-1 items-center justify-center rounded-xl border bg-surface"
          aria-busy="true"
        >
          <Spinner />
        </div>
      ) : (
        <div
          ref={stage}
          className="relative flex min-h-[32rem] w-full flex-1 flex-col overflow-hidden rounded-xl border bg-white shadow-card"
          style={{ height: 'calc(100dvh - 15rem)' }}
        >
          {kind && (
            <div
              data-testid="preview-strip"
              className="flex h-10 shrink-0 items-center gap-2 border-b bg-slate-900 px-3 text-slate-100"
            >
              <LogoMark className="size-6 rounded-md" />
              <p className="min-w-0 flex-1 truncate text-sm">
                <span className="text-slate-400">{m.previewStrip} · </span>
                <span className="font-semibold text-white">{title}</span>
              </p>
              <p className="hidden text-xs text-slate-400 md:block">{m.previewStripNote}</p>
            </div>
          )}
          <iframe
            ref={frame}
            src={kind ? playerUrl(src, kind, launch ?? 'index.html') : src}
            title={frameTitle(title)}
            sandbox={sandbox}
            allow="autoplay"
            className="min-h-0 w-full flex-1 border-0 bg-white"
            data-testid="preview-frame"
          />
          {dialogs[0] && (
            <ContentDialogBox
              dialog={dialogs[0]}
              activity={title}
              onClose={() => setDialogs((current) => current.slice(1))}
            />
          )}
        </div>
      )}
    </div>
  );
}
