import { describe, expect, it } from 'vitest';
import { LAUNCH_A, LAUNCH_B, runtimeWrite as write } from '@/common/test/runtime-writes.js';
import {
  admitWrites,
  alreadyApplied,
  batchPass,
  type LaunchRecord,
  launchesInDoubt,
  nextBatch,
  parseRuntimeWrites,
  type QueuedWrite,
} from './runtime-relay';

const launches = (...records: LaunchRecord[]) => new Map(records.map((r) => [r.launchId, r]));
const ORIGIN = 'http://activity-7.content.ardoise.localhost';
const record = (launchId: string, entryId: number, lastSeq = 0): LaunchRecord => ({
  launchId,
  entryId,
  origin: ORIGIN,
  lastSeq,
  startedAt: 0,
});

describe('the write pass (a pupil on a shared tablet)', () => {
  it('queues each write with its launch’s pass, so that it leaves with it whoever is signed in then', () => {
    const result = admitWrites(
      launches({ ...record(LAUNCH_A, 7), pass: 'pass-of-alice' }, record(LAUNCH_B, 8)),
      [write(LAUNCH_A, 1), write(LAUNCH_B, 1)],
      ORIGIN,
    );
    expect(result.queued.map((q) => [q.entryId, q.pass])).toEqual([
      [7, 'pass-of-alice'],
      [8, undefined],
    ]);
    expect(batchPass(nextBatch(result.queued))).toBe('pass-of-alice');
    expect(batchPass(nextBatch(result.queued.slice(1)))).toBeUndefined();
  });
});

describe('admitWrites', () => {
  it('queues the writes of a known launch under its entry, in sequence order', () => {
    const result = admitWrites(
      launches(record(LAUNCH_A, 7)),
      [write(LAUNCH_A, 2), write(LAUNCH_A, 1)],
      ORIGIN,
    );
    expect(result.queued.map((q) => [q.entryId, q.write.seq])).toEqual([
      [7, 1],
      [7, 2],
    ]);
    expect(result.launches).toEqual([record(LAUNCH_A, 7, 2)]);
  });
  it('drops replays and writes of launches this app did not start', () => {
    const result = admitWrites(
      launches(record(LAUNCH_A, 7, 2)),
      [write(LAUNCH_A, 1), write(LAUNCH_A, 2), write(LAUNCH_A, 3), write(LAUNCH_B, 1)],
      ORIGIN,
    );
    expect(result.queued.map((q) => q.write.seq)).toEqual([3]);
    expect(result.launches).toEqual([record(LAUNCH_A, 7, 3)]);
  });
  it('queues nothing twice within one message', () => {
    const result = admitWrites(
      launches(record(LAUNCH_A, 7)),
      [write(LAUNCH_A, 1), write(LAUNCH_A, 1)],
      ORIGIN,
    );
    expect(result.queued).toHaveLength(1);
  });
  it('drops the writes of a launch framed on another origin (a leaked launch id)', () => {
    const other = 'http://activity-8.content.ardoise.localhost';
    const result = admitWrites(launches(record(LAUNCH_A, 7)), [write(LAUNCH_A, 1)], other);
    expect(result).toEqual({ queued: [], launches: [] });
    // A record an earlier version kept names no origin: its launch is taken from any.
    const { origin: _origin, ...earlier } = record(LAUNCH_B, 7);
    expect(admitWrites(launches(earlier), [write(LAUNCH_B, 1)], other).queued).toHaveLength(1);
  });
});

describe('nextBatch', () => {
  const queued = (id: number, entryId: number): QueuedWrite => ({ id, entryId, write: write(LAUNCH_A, id) });
  it('sends the oldest entry’s writes first, in queue order, up to the cap', () => {
    const queue = [queued(1, 5), queued(2, 6), queued(3, 5), queued(4, 5)];
    expect(nextBatch(queue).map((q) => q.id)).toEqual([1, 3, 4]);
    expect(nextBatch(queue, 2).map((q) => q.id)).toEqual([1, 3]);
    expect(nextBatch([])).toEqual([]);
  });
});

describe('parseRuntimeWrites', () => {
  it('accepts well-formed writes, at most a request’s worth', () => {
    expect(parseRuntimeWrites([write(LAUNCH_A, 1)])).toEqual([write(LAUNCH_A, 1)]);
    expect(parseRuntimeWrites(Array.from({ length: 51 }, (_, i) => write(LAUNCH_A, i + 1)))).toBeNull();
    expect(parseRuntimeWrites([])).toBeNull();
  });
  it('refuses the whole message for one malformed write', () => {
    expect(parseRuntimeWrites([write(LAUNCH_A, 1), { ...write(LAUNCH_A, 2), seq: 0 }])).toBeNull();
    expect(parseRuntimeWrites([{ ...write(LAUNCH_A, 1), standard: 'html5' }])).toBeNull();
    expect(parseRuntimeWrites('writes')).toBeNull();
  });
});

describe('writes sent by a page that never heard the answer', () => {
  const queued = (launchId: string, seq: number, sentBy?: string): QueuedWrite => ({
    id: seq,
    entryId: 1,
    write: write(launchId, seq),
    ...(sentBy ? { sentBy } : {}),
  });

  it('are in doubt when another page sent them, not when this page did or none did', () => {
    const batch = [
      queued(LAUNCH_A, 1, 'old-page'),
      queued(LAUNCH_A, 2, 'old-page'),
      queued(LAUNCH_B, 1, 'this-page'),
      queued(LAUNCH_B, 2),
    ];
    expect(launchesInDoubt(batch, 'this-page')).toEqual([LAUNCH_A]);
    expect(launchesInDoubt(batch.slice(2), 'this-page')).toEqual([]);
  });

  it('are done when the server applied them, by its highest write per launch', () => {
    const batch = [queued(LAUNCH_A, 1), queued(LAUNCH_A, 2), queued(LAUNCH_A, 3), queued(LAUNCH_B, 1)];
    expect(alreadyApplied(batch, { [LAUNCH_A]: 2, [LAUNCH_B]: 0 }).map((item) => item.write)).toEqual([
      write(LAUNCH_A, 1),
      write(LAUNCH_A, 2),
    ]);
    expect(alreadyApplied(batch, {})).toEqual([]);
  });
});
