// Toasts for the code every page loads (auth, sign-in). sonner is fetched on the first toast rather
// than with /login, whose JS has a 150 KB budget (SPEC §9). Feature pages may import `toast` from
// 'sonner' directly: they share this module, and the Toaster replays toasts made before it mounted.
type Sonner = typeof import('sonner');

let loading: Promise<Sonner> | null = null;
let loaded: Sonner | null = null;
const listeners = new Set<() => void>();

/** Starts (once) fetching sonner; the root Toaster appears when it arrives. */
export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

export function getLoadedSonner(): Sonner | null {
  return loaded;
}

export function subscribeToSonner(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const notify = {
  success(message: string): void {
    void loadSonner().then(({ toast }) => toast.success(message));
  },
  error(message: string): void {
    void loadSonner().then(({ toast }) => toast.error(message));
  },
  /** Closes every toast on screen (e.g. the failed attempts once sign-in succeeds). */
  dismissAll(): void {
    loaded?.toast.dismiss();
  },
};
