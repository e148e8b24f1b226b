// The shared body of the two preview screens: header with back and full-screen buttons, the probe's
// states (loading, failure alert) and the frame once the probe succeeded. An activity package plays
// in the content origin's preview player (its SCORM or H5P runtime, recording nothing).
import { ArrowLeft, Maximize2 } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { curriculumMessages as m } from '../../../../../common/messages/curriculum.js';
import { previewPlayerUrl } from '../../../../../common/preview-player.js';
import type { PackageKind } from '../../../../../common/schemas/activity-package.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { PreviewProbeError } from '../lib/use-preview-probe';

type Props = {
  fallbackTitle: string;
  frameTitle: (title: string) => string;
  /** What is framed (a PDF), or for an activity (`kind` given) its package folder on the content
   * origin, `…/content/{id}/`. */
  src: string | null;
  /** An activity package's kind and start page (relative to `src`): framed by the preview player. */
  kind?: PackageKind;
  launch?: string;
  status: 'pending' | 'error' | 'success';
  error: unknown;
  /** Extra attributes of the frame (sandbox for untrusted content). */
  sandbox?: string;
  children?: ReactNode;
};

/** Title and back target, passed by the list that opened the preview. */
type PreviewState = { title?: string; backTo?: string } | null;

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
}: Props) {
  const navigate = useNavigate();
  const state = useLocation().state as PreviewState;
  const frame = useRef<HTMLIFrameElement>(null);
  const title = state?.title ?? fallbackTitle;
  const goBack = () => (state?.backTo ? navigate(state.backTo) : navigate(-1));

  return (
    <div className="flex h-full flex-col">
      <Button variant="ghost" size="sm" className="-ml-2 mb-3 self-start text-slate-600" onClick={goBack}>
        <ArrowLeft aria-hidden="true" />
        {m.back}
      </Button>
      <PageHeader
        title={title}
        subtitle={m.preview}
        actions={
          status === 'success' && (
            <Button variant="outline" onClick={() => void frame.current?.requestFullscreen()}>
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
            <p>{error instanceof PreviewProbeError ? error.status : String(error)}</p>
            {error instanceof PreviewProbeError && <p className="break-all font-mono text-xs">{error.url}</p>}
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
        <iframe
          ref={frame}
          src={kind ? playerUrl(src, kind, launch ?? 'index.html') : src}
          title={frameTitle(title)}
          sandbox={sandbox}
          allow="fullscreen; autoplay"
          className="min-h-[32rem] w-full flex-1 rounded-xl border bg-white shadow-card"
          style={{ height: 'calc(100dvh - 15rem)' }}
          data-testid="preview-frame"
        />
      )}
    </div>
  );
}
