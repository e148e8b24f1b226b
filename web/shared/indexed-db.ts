// IndexedDB helpers shared by the app (the runtime relay's queue and kept launches, on the app
// origin) and the offline player (its package databases and journal, on the content origin; the
// player's Vite build and its service worker bundle this file): the two waits, and one connection
// per database opened once. It imports nothing, so that the player bundles it as it is.

export function requestToPromise<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('transaction aborted'));
  });
}

/** Opens `name` (version 1, `create` makes its stores) once and gives the same connection after; a
 * failed open is tried again on the next call. */
export function databaseOpener(name: string, create: (db: IDBDatabase) => void): () => Promise<IDBDatabase> {
  let opening: Promise<IDBDatabase> | null = null;
  return () => {
    opening ??= (() => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => create(request.result);
      return requestToPromise(request);
    })();
    opening.catch(() => {
      opening = null;
    });
    return opening;
  };
}
