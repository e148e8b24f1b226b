// The runtime data an offline re-open resumes from: what the server keeps of the device's last write.
import { describe, expect, it } from 'vitest';
import { runtimeAfterWrite } from './kept-launches';

const write = (standard: 'scorm12' | 'h5p' | 'cmi5', data: Record<string, unknown>) => ({
  launchId: 'a'.repeat(32),
  seq: 3,
  standard,
  data,
  at: '2026-11-23T10:00:00.000Z',
});

describe('runtimeAfterWrite', () => {
  it('keeps a SCORM write whole, as the data to resume from', () => {
    const cmi = { core: { lesson_location: 'step-2' }, suspend_data: 'x'.repeat(6000) };
    expect(runtimeAfterWrite(write('scorm12', { cmi }))).toEqual({
      standard: 'scorm12',
      data: { cmi },
      updatedAt: '2026-11-23T10:00:00.000Z',
    });
  });

  it('leaves out the statements, which the server keeps apart (H5P, cmi5)', () => {
    const statements = [{ id: 'b1f0c9de-0000-4000-8000-000000000001' }];
    expect(runtimeAfterWrite(write('h5p', { state: '{"a":1}', statements })).data).toEqual({
      state: '{"a":1}',
    });
    expect(runtimeAfterWrite(write('cmi5', { documents: { bookmark: 'p3' }, statements })).data).toEqual({
      documents: { bookmark: 'p3' },
    });
  });
});
