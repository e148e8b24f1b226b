// The runtime relay: the app-side path of a runtime write, from the player frame's postMessage to
// the API (lib/runtime-relay.ts: the hook, the queue and the sender as one unit; lib/kept-launches.ts:
// what an offline re-open needs). What other features use of it is here; they import this file,
// never its lib/ (scripts/import-graph.test.ts refuses it). It imports no other feature.
export { keepLaunch, keptLaunch, runtimeAfterWrite } from './lib/kept-launches';
export {
  lastUnsentWrite,
  RUNTIME_ACTIVITY_EVENT,
  rememberLaunch,
  rememberLaunchPass,
  runtimeWritesQueued,
  useRuntimeRelay,
} from './lib/runtime-relay';
