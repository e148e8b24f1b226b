import { describe, expect, it } from 'vitest';
import { LAUNCH_A, LAUNCH_B, runtimeWrite as write } from '@/common/test/runtime-writes.js';
import { createWriteLog, inReportOrder } from './runtime-journal';

describe('createWriteLog', () => {
  it('numbers a launch’s reports from 1, each holding the whole data and the time', () => {
    const times = ['2026-11-23T10:00:00.000Z', '2026-11-23T10:00:05.000Z'];
    const log = createWriteLog(LAUNCH_A, 'scorm2004', () => new Date(times.shift() ?? 0));
    expect(log({ cmi: { location: 'p1' } })).toEqual({
      launchId: LAUNCH_A,
      seq: 1,
      standard: 'scorm2004',
      data: { cmi: { location: 'p1' } },
      at: '2026-11-23T10:00:00.000Z',
    });
    expect(log({ cmi: { location: 'p2' } })).toMatchObject({ seq: 2, at: '2026-11-23T10:00:05.000Z' });
  });
  it('starts again from 1 for another launch', () => {
    createWriteLog(LAUNCH_A, 'h5p')({});
    expect(createWriteLog(LAUNCH_B, 'h5p')({}).seq).toBe(1);
  });
});

describe('inReportOrder', () => {
  it('orders by time, then launch, then sequence', () => {
    const late = write(LAUNCH_A, 1, '2026-11-23T11:00:00.000Z');
    const sorted = inReportOrder([late, write(LAUNCH_B, 2), write(LAUNCH_B, 1), write(LAUNCH_A, 3)]);
    expect(sorted.map((w) => `${w.launchId.at(-1)}${w.seq}`)).toEqual(['a3', 'b1', 'b2', 'a1']);
  });
});
