// The player page's record of the runtime writes of its launches, on the activity's origin: each
// report is numbered (the launch's id and the next sequence number, so that the server applies each
// write once and in order whatever the relay replays) and journaled in IndexedDB until the app page
// acknowledges it, so a tab closed before the app page heard of it loses nothing; a fresh player
// announces what is left. Not a package database (other prefix), so the package cleanup leaves it
// alone.
import { RUNTIME_WRITES_MAX_PER_REQUEST } from '@/common/constants.js';
import type { RuntimeData, RuntimeStandard, RuntimeWrite } from '@/common/schemas/activity-runtime.js';
import { databaseOpener, requestToPromise, transactionDone } from '../../shared/indexed-db';
import type { PlayerToApp } from '../../shared/protocol';

/** Numbers one launch's reports: each becomes a write holding the whole data, seq 1, 2, … */
export function createWriteLog(
  launchId: string,
  standard: RuntimeStandard,
  now: () => Date = () => new Date(),
): (data: RuntimeData) => RuntimeWrite {
  let seq = 0;
  return (data) => {
    seq += 1;
    return { launchId, seq, standard, data, at: now().toISOString() };
  };
}

/** Oldest first: by report time, then launch, then sequence number (a launch's order is its seq). */
export function inReportOrder(writes: readonly RuntimeWrite[]): RuntimeWrite[] {
  return [...writes].sort(
    (a, b) => a.at.localeCompare(b.at) || a.launchId.localeCompare(b.launchId) || a.seq - b.seq,
  );
}

const JOURNAL_DB = 'ardoise_runtime_journal';
const WRITES_STORE = 'writes';
/** Writes reported while the page goes away: a page's IndexedDB transactions are aborted as it
 * unloads, so these few are kept synchronously in localStorage (one key each, the rest of the
 * journal stays in IndexedDB) and moved into the journal by the next player. */
const LEAVING_PREFIX = 'ardoise:runtime-leaving:';

const openJournal = databaseOpener(JOURNAL_DB, (db) =>
  db.createObjectStore(WRITES_STORE, { keyPath: ['launchId', 'seq'] }),
);

async function keepWrite(write: RuntimeWrite): Promise<void> {
  const db = await openJournal();
  // Relaxed is enough here: the same write was also posted to the app page.
  const transaction = db.transaction(WRITES_STORE, 'readwrite', { durability: 'relaxed' });
  transaction.objectStore(WRITES_STORE).put(write);
  await transactionDone(transaction);
}

export async function forgetWrites(ids: readonly { launchId: string; seq: number }[]): Promise<void> {
  if (ids.length === 0) return;
  const db = await openJournal();
  const transaction = db.transaction(WRITES_STORE, 'readwrite');
  const store = transaction.objectStore(WRITES_STORE);
  for (const { launchId, seq } of ids) store.delete([launchId, seq]);
  await transactionDone(transaction);
}

/** Keeps a write at once, while the page is being hidden or unloaded. */
function keepWriteNow(write: RuntimeWrite): void {
  try {
    localStorage.setItem(`${LEAVING_PREFIX}${write.launchId}#${write.seq}`, JSON.stringify(write));
  } catch {
    // Full or unavailable: the write was still posted to the app page and put in the journal.
  }
}

/** Moves the writes kept by keepWriteNow into the journal. */
async function adoptLeavingWrites(): Promise<void> {
  let keys: string[];
  try {
    keys = Object.keys(localStorage).filter((key) => key.startsWith(LEAVING_PREFIX));
  } catch {
    return;
  }
  for (const key of keys) {
    try {
      const write = JSON.parse(localStorage.getItem(key) ?? 'null') as RuntimeWrite | null;
      if (write && typeof write.launchId === 'string' && Number.isSafeInteger(write.seq))
        await keepWrite(write);
    } catch {
      // Not a write of ours: dropped (the app page checks every write anyway).
    }
    localStorage.removeItem(key);
  }
}

/**
 * What a launch's runtime calls with each report: the report is numbered, posted to the app page at
 * once and journaled until the app page acks it. `leaving` says the page is going away: the app
 * page may then never hear of it and the journal's transaction may be aborted.
 */
export function recordLaunch(
  launchId: string,
  standard: RuntimeStandard,
  page: { send: (message: PlayerToApp) => void; leaving: () => boolean },
): (data: RuntimeData) => void {
  const number = createWriteLog(launchId, standard);
  return (data) => {
    const write = number(data);
    page.send({ type: 'player:runtime-writes', writes: [write] });
    if (page.leaving() || document.visibilityState === 'hidden') keepWriteNow(write);
    keepWrite(write).catch((error: unknown) => console.error('Runtime journal', error));
  };
}

/** Every write not acknowledged yet, oldest first. */
export async function journalLeftovers(): Promise<RuntimeWrite[]> {
  await adoptLeavingWrites();
  const db = await openJournal();
  const transaction = db.transaction(WRITES_STORE, 'readonly');
  const writes = (await requestToPromise(transaction.objectStore(WRITES_STORE).getAll())) as RuntimeWrite[];
  return inReportOrder(writes);
}

/** Posts the writes not acknowledged yet to the app page (an earlier player's whose tab closed
 * first), as many a message as a request takes; resolves with how many there were. */
export async function announceLeftovers(send: (message: PlayerToApp) => void): Promise<number> {
  const writes = await journalLeftovers();
  for (let start = 0; start < writes.length; start += RUNTIME_WRITES_MAX_PER_REQUEST) {
    send({
      type: 'player:runtime-writes',
      writes: writes.slice(start, start + RUNTIME_WRITES_MAX_PER_REQUEST),
    });
  }
  return writes.length;
}
