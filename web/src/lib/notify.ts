// The one way the app shows a toast. sonner is fetched on the first toast rather than with /login,
// whose JS has a 150 KB budget (docs/product.md#business-constants-and-limits); the Toaster replays toasts made before it mounted.
// Only this module imports sonner (Biome refuses it elsewhere).
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

/** Shows at once when sonner is here (signed-in screens load it up front), else when it arrives. */
function withSonner(show: (sonner: Sonner) => void): void {
  if (loaded) show(loaded);
  else void loadSonner().then(show);
}

// Sonner's rich colours draw a description in a lighter shade that fails WCAG contrast on the tinted
// background: the second line takes the title's colour instead.
const readable = { descriptionClassName: 'text-current!' };

/** An optional second line; an empty one is left out. */
function options(description: string | undefined) {
  return { ...readable, description: description || undefined };
}

export const notify = {
  success(title: string, description?: string): void {
    withSonner(({ toast }) => toast.success(title, options(description)));
  },
  error(title: string, description?: string): void {
    withSonner(({ toast }) => toast.error(title, options(description)));
  },
  /** Closes every toast on screen (e.g. the failed attempts once sign-in succeeds). */
  dismissAll(): void {
    loaded?.toast.dismiss();
  },
};

export type { ToasterProps } from 'sonner';
