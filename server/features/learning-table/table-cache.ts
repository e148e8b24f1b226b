// The learning tables this process built last, as JSON text, each stored with the versions it was
// built at (curriculum and group progress, kept in the database). A table is served from here only
// while both versions still match, so it is never stale and nothing here is needed by another
// process. Least recently used tables leave first once the byte budget is reached.

export class TableCache {
  private readonly entries = new Map<number, { version: string; body: string }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(groupId: number, version: string): string | undefined {
    const entry = this.entries.get(groupId);
    if (!entry || entry.version !== version) return undefined;
    // Refresh its place in the recency order.
    this.entries.delete(groupId);
    this.entries.set(groupId, entry);
    return entry.body;
  }

  set(groupId: number, version: string, body: string): void {
    this.delete(groupId);
    if (body.length > this.maxBytes) return;
    this.entries.set(groupId, { version, body });
    this.bytes += body.length;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(groupId: number): void {
    const entry = this.entries.get(groupId);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(groupId);
  }
}
