// Full-screen activity player (SPEC §2 /activity/:id). Placeholder until the feature lands.

export default function ActivityPlayerPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-950 p-6 text-white">
      <h1 className="text-2xl font-semibold tracking-tight">Activité</h1>
    </main>
  );
}
