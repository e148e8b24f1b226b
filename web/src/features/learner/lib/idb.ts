// What the learner's IndexedDB stores on the app origin share (runtime queue, kept launches): one
// connection per database, opened once (again after a failure), and the two waits.

export function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export function done(transaction: IDBTransaction): Promise<void> {
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
      return promised(request);
    })();
    opening.catch(() => {
      opening = null;
    });
    return opening;
  };
}
