// The runtime relay: the app-side path of a runtime write, from the player frame's postMessage to
// the API (queue and its rules in IndexedDB, sender, kept launches). What other features use of it
// is here; they import this file, never its lib/ (Biome refuses it). It imports no other
// feature.
export { keepLaunch, keptLaunch, runtimeAfterWrite } from './lib/kept-launches';
export { lastUnsentWrite, rememberLaunch } from './lib/runtime-queue';
export { runtimeWritesQueued, useRuntimeRelay } from './lib/use-runtime-relay';
