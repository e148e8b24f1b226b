// Full-screen PDF viewer (docs/product.md#screens-and-routes /pdf/:id): pdf.js fed by `user/pdf/content/{id}/?token=…`, with
// page navigation and zoom; fits the width by default so it reads well on a phone.

import {
  ArrowLeft,
  ChevronLeft,
  ChevronRight,
  Maximize,
  Minimize,
  MoveHorizontal,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import { Button } from '@/web/src/components/ui/button';
import { Spinner } from '@/web/src/components/ui/spinner';
import { paths } from '@/web/src/config/paths';
import { useAuth } from '@/web/src/lib/auth';
import { useTabTitle } from '@/web/src/lib/use-tab-title';
import { PdfCanvas } from '../components/pdf-canvas';
import { RetryOrBack } from '../components/retry-or-back';
import { useExitTo } from '../lib/use-exit-to';

GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

function nextZoom(current: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > current + 0.01) ?? ZOOM_STEPS.at(-1)!;
  return [...ZOOM_STEPS].reverse().find((step) => step < current - 0.01) ?? ZOOM_STEPS[0]!;
}

export default function PdfViewerPage() {
  useTabTitle(teacherAreaMessages.pdfTitle);
  const id = useParams().id ?? '';
  const { token } = useAuth();
  const navigate = useNavigate();
  const exit = useExitTo(paths.userLevels.getHref());
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [pageNumber, setPageNumber] = useState(1);
  const [pageInput, setPageInput] = useState('1');
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [scale, setScale] = useState(1);
  const [fullScreen, setFullScreen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt ('Réessayer') loads again.
  useEffect(() => {
    if (!token) return;
    setPdf(null);
    setFailed(false);
    const task = getDocument({
      url: `/api/user/pdf/content/${encodeURIComponent(id)}/?token=${encodeURIComponent(token)}`,
      isEvalSupported: false,
      // Ranges: the first page shows before a large file is fully downloaded.
      disableAutoFetch: true,
    });
    task.promise.then(setPdf, () => setFailed(true));
    return () => {
      void task.destroy();
    };
  }, [id, token, attempt]);

  const goTo = useCallback(
    (page: number) => {
      if (!pdf) return;
      const clamped = Math.min(Math.max(1, page), pdf.numPages);
      setPageNumber(clamped);
      setPageInput(String(clamped));
    },
    [pdf],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement) return;
      if (event.key === 'ArrowRight' || event.key === 'PageDown') goTo(pageNumber + 1);
      else if (event.key === 'ArrowLeft' || event.key === 'PageUp') goTo(pageNumber - 1);
      else if (event.key === '+' || event.key === '=') setZoom(nextZoom(scale, 1));
      else if (event.key === '-') setZoom(nextZoom(scale, -1));
    };
    const onFullScreen = () => setFullScreen(document.fullscreenElement !== null);
    window.addEventListener('keydown', onKey);
    document.addEventListener('fullscreenchange', onFullScreen);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFullScreen);
    };
  }, [goTo, pageNumber, scale]);

  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  const onRenderError = useCallback(() => setFailed(true), []);

  const iconButton = 'text-slate-100 hover:bg-white/10 hover:text-white';
  return (
    <div className="fixed inset-0 flex flex-col bg-slate-900 text-slate-100">
      <header className="flex flex-wrap items-center gap-1 border-b border-white/10 bg-slate-950/80 px-2 py-2 sm:gap-2 sm:px-4">
        <Button variant="ghost" size="sm" className={iconButton} onClick={exit}>
          <ArrowLeft aria-hidden="true" />
          {teacherAreaMessages.back}
        </Button>
        <h1 className="sr-only">{teacherAreaMessages.pdfTitle}</h1>
        <nav aria-label={teacherAreaMessages.pages} className="mx-auto flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            className={iconButton}
            onClick={() => goTo(pageNumber - 1)}
            disabled={!pdf || pageNumber <= 1}
            aria-label={teacherAreaMessages.previousPage}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              goTo(Number.parseInt(pageInput, 10) || pageNumber);
            }}
            className="flex items-center gap-1.5 text-sm"
          >
            <label htmlFor="pdf-page" className="sr-only">
              {teacherAreaMessages.page}
            </label>
            <input
              id="pdf-page"
              inputMode="numeric"
              value={pageInput}
              onChange={(event) => setPageInput(event.target.value)}
              onBlur={() => goTo(Number.parseInt(pageInput, 10) || pageNumber)}
              disabled={!pdf}
              className="h-8 w-12 rounded-md border border-white/20 bg-white/10 text-center text-white tabular-nums focus-visible:outline-2 focus-visible:outline-indigo-400"
            />
            <span className="text-slate-300 tabular-nums">/ {pdf?.numPages ?? '–'}</span>
          </form>
          <Button
            variant="ghost"
            size="icon"
            className={iconButton}
            onClick={() => goTo(pageNumber + 1)}
            disabled={!pdf || pageNumber >= (pdf?.numPages ?? 1)}
            aria-label={teacherAreaMessages.nextPage}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            className={iconButton}
            onClick={() => setZoom(nextZoom(scale, -1))}
            disabled={!pdf}
            aria-label={teacherAreaMessages.zoomOut}
          >
            <ZoomOut aria-hidden="true" />
          </Button>
          <span className="w-12 text-center text-sm text-slate-300 tabular-nums" aria-live="polite">
            {Math.round(scale * 100)}%
          </span>
          <Button
            variant="ghost"
            size="icon"
            className={iconButton}
            onClick={() => setZoom(nextZoom(scale, 1))}
            disabled={!pdf}
            aria-label={teacherAreaMessages.zoomIn}
          >
            <ZoomIn aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className={`${iconButton} hidden sm:inline-flex`}
            onClick={() => setZoom('fit')}
            disabled={!pdf}
            aria-label={teacherAreaMessages.fitWidth}
            aria-pressed={zoom === 'fit'}
          >
            <MoveHorizontal aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className={iconButton}
            onClick={toggleFullScreen}
            aria-label={fullScreen ? teacherAreaMessages.exitFullScreen : teacherAreaMessages.fullScreen}
          >
            {fullScreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
          </Button>
        </div>
      </header>

      <main
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a zoomed page (axe scrollable-region-focusable).
        tabIndex={0}
        aria-label={teacherAreaMessages.document}
        className="flex-1 overflow-auto px-2 py-4 outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 sm:px-6 sm:py-6"
      >
        {failed ? (
          <div role="alert" className="mx-auto mt-16 flex max-w-sm flex-col items-center gap-4 text-center">
            <p className="text-base font-medium">{teacherAreaMessages.pdfFailed}</p>
            <RetryOrBack onRetry={() => setAttempt((n) => n + 1)} onBack={() => navigate(-1)} />
          </div>
        ) : pdf ? (
          <PdfCanvas
            document={pdf}
            pageNumber={pageNumber}
            zoom={zoom}
            onScale={setScale}
            onError={onRenderError}
          />
        ) : (
          <div className="mt-24 flex justify-center">
            <Spinner className="size-8 text-white" label={teacherAreaMessages.pdfLoading} />
          </div>
        )}
      </main>
    </div>
  );
}
