// Renders one page of a pdf.js document on a canvas, sharp on high-density screens, at a scale
// given by the zoom (a number) or fitted to the available width ('fit').

import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { useEffect, useRef, useState } from 'react';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';

const MAX_FIT_WIDTH_PX = 960;

type Props = {
  document: PDFDocumentProxy;
  pageNumber: number;
  zoom: number | 'fit';
  /** Reports the scale actually used (for the zoom label). */
  onScale: (scale: number) => void;
  onError: (error: unknown) => void;
};

export function PdfCanvas({ document: pdf, pageNumber, zoom, onScale, onError }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (width === 0) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    (async () => {
      const page = await pdf.getPage(pageNumber);
      if (cancelled) return;
      const natural = page.getViewport({ scale: 1 });
      // Fit the width, up to a comfortable reading width on large screens.
      const scale = zoom === 'fit' ? Math.max(0.25, Math.min(width, MAX_FIT_WIDTH_PX) / natural.width) : zoom;
      onScale(scale);
      const viewport = page.getViewport({ scale });
      const canvas = canvasRef.current;
      if (!canvas) return;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      task = page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      await task.promise;
    })().catch((error: unknown) => {
      if (!cancelled && (error as { name?: string })?.name !== 'RenderingCancelledException') onError(error);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, zoom, width, onScale, onError]);

  return (
    <div ref={containerRef} className="flex w-full justify-center">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={teacherAreaMessages.pageOf(pageNumber, pdf.numPages)}
        className="h-auto max-w-none rounded-sm bg-white shadow-2xl"
      />
    </div>
  );
}
