// Full-screen PDF viewer (SPEC §2 /pdf/:id). Placeholder until the feature lands.

export default function PdfViewerPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-950 p-6 text-white">
      <h1 className="text-2xl font-semibold tracking-tight">PDF</h1>
    </main>
  );
}
