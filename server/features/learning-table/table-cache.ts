// The learning tables this process built last, ready to send (bytes, gzip, ETag), each stored with
// the versions it was built at (curriculum and group progress, kept in the database). A table is
// served from here only while both versions still match, so it is never stale and nothing here is
// needed by another process. Least recently used tables leave first once the byte budget is reached.
import { Counter } from 'prom-client';
import type { PreparedJson } from '../../large-json.js';

/** Lookups answered from the cache (hit) or by a build (miss); /metrics registers it when enabled. */
export const tableCacheLookups = new Counter({
  name: 'ardoise_learning_table_cache_lookups_total',
  help: 'Learning-table cache lookups, by result (hit: served from memory; miss: built)',
  labelNames: ['result'],
  registers: [],
});

type Entry = { version: string; body: PreparedJson };

export class TableCache {
  private readonly entries = new Map<number, Entry>();
  /** Builds under way, so that simultaneous first requests for a table build it once. */
  private readonly building = new Map<string, Promise<PreparedJson>>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** The table of this group at this version, built by `build` when not held. */
  async get(groupId: number, version: string, build: () => Promise<PreparedJson>): Promise<PreparedJson> {
    const entry = this.entries.get(groupId);
    if (entry?.version === version) {
      // Refresh its place in the recency order.
      this.entries.delete(groupId);
      this.entries.set(groupId, entry);
      tableCacheLookups.inc({ result: 'hit' });
      return entry.body;
    }
    tableCacheLookups.inc({ result: 'miss' });
    const key = `${groupId}@${version}`;
    let pending = this.building.get(key);
    if (!pending) {
      pending = build()
        .then((body) => {
          this.set(groupId, { version, body });
          return body;
        })
        .finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  private set(groupId: number, entry: Entry): void {
    this.delete(groupId);
    if (entry.body.size > this.maxBytes) return;
    this.entries.set(groupId, entry);
    this.bytes += entry.body.size;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(groupId: number): void {
    const entry = this.entries.get(groupId);
    if (!entry) return;
    this.bytes -= entry.body.size;
    this.entries.delete(groupId);
  }
}
