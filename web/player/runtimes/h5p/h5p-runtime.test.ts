import { describe, expect, it } from 'vitest';
import type { RuntimeData } from '@/common/schemas/activity-runtime.js';
import type { H5PResult } from './h5p-bridge';
import { createH5PBridge } from './h5p-runtime';

describe('createH5PBridge', () => {
  it('starts from the kept state and reports the whole data on each save or result', () => {
    const reports: RuntimeData[] = [];
    const kept = { standard: 'h5p' as const, data: { state: '{"answers":[1]}' }, updatedAt: '' };
    const bridge = createH5PBridge(kept, (data) => reports.push(data));
    expect(bridge.previousState).toBe('{"answers":[1]}');
    bridge.saveState('{"answers":[1]}'); // unchanged: nothing to keep
    bridge.saveState('{"answers":[2]}');
    bridge.reportResult({ raw: 3, max: 4, completed: true, success: true });
    expect(reports).toEqual([
      { state: '{"answers":[2]}' },
      { state: '{"answers":[2]}', result: { raw: 3, max: 4, completed: true, success: true } },
    ]);
  });
  it('adds the statements of the moment to the write, new ones only', () => {
    const reports: RuntimeData[] = [];
    const bridge = createH5PBridge(null, (data) => reports.push(data));
    const statement = {
      id: '1d7c9a6e-5f0b-4d6e-8a1e-3a4b5c6d7e8f',
      actor: { name: 'x' },
      verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
      object: { id: 'http://content/h5p' },
    };
    bridge.reportResult({ raw: 1, max: 2, completed: true }, statement);
    bridge.saveState('{}');
    bridge.reportStatement?.({ ...statement, id: '2d7c9a6e-5f0b-4d6e-8a1e-3a4b5c6d7e8f' });
    bridge.reportStatement?.({ ...statement, id: 'not-a-uuid' });
    expect(reports.map((r) => r.statements)).toEqual([
      [statement],
      undefined,
      [{ ...statement, id: '2d7c9a6e-5f0b-4d6e-8a1e-3a4b5c6d7e8f' }],
    ]);
  });
  it('starts empty without kept H5P data and ignores malformed calls from the content', () => {
    const reports: RuntimeData[] = [];
    const bridge = createH5PBridge(null, (data) => reports.push(data));
    expect(bridge.previousState).toBeNull();
    bridge.reportResult({ raw: Number.NaN, max: 4, completed: true });
    bridge.reportResult({ raw: 1, max: 4 } as H5PResult);
    bridge.saveState(42 as unknown as string);
    expect(reports).toEqual([]);
  });
});
