import { describe, expect, it } from 'vitest';
import type { RuntimeData, RuntimeState } from '@/common/schemas/activity-runtime.js';
import { installScormRuntime, startingCmi, withinModel } from './scorm-runtime';

const kept = (standard: RuntimeState['standard'], cmi: Record<string, unknown>): RuntimeState => ({
  standard,
  data: { cmi },
  updatedAt: '2026-11-23T10:00:00.000Z',
});

type Api12 = { LMSInitialize: F; LMSGetValue: F; LMSSetValue: F; LMSCommit: F; LMSFinish: F };
type Api2004 = { Initialize: F; GetValue: F; SetValue: F; Commit: F; Terminate: F };
type F = (...args: string[]) => string;

describe('startingCmi', () => {
  it('starts a first launch ab-initio, with a neutral learner', () => {
    expect(startingCmi('scorm12', null)).toEqual({
      core: { entry: 'ab-initio', student_id: 'classe', student_name: 'Classe' },
    });
    expect(startingCmi('scorm2004', null)).toMatchObject({ entry: 'ab-initio', learner_name: 'Classe' });
  });
  it('resumes after a suspend and drops what belongs to the last session', () => {
    const previous = kept('scorm12', {
      core: { exit: 'suspend', session_time: '00:01:00', lesson_location: 'p3', entry: 'ab-initio' },
      suspend_data: 'abc',
    });
    expect(startingCmi('scorm12', previous)).toEqual({
      core: { entry: 'resume', lesson_location: 'p3', student_id: 'classe', student_name: 'Classe' },
      suspend_data: 'abc',
    });
    const ended = startingCmi('scorm2004', kept('scorm2004', { exit: 'normal', location: 'p9' }));
    expect(ended).toMatchObject({ entry: '', location: 'p9' });
    expect(ended).not.toHaveProperty('exit');
  });
  it('ignores data of another standard', () => {
    expect(startingCmi('scorm2004', kept('scorm12', { core: {} }))).toMatchObject({ entry: 'ab-initio' });
  });
});

describe('withinModel', () => {
  it('drops a value that stands where the model has a group, keeps the rest and what collections hold', () => {
    const model = { core: { score: { raw: '' }, lesson_status: '' }, objectives: {}, suspend_data: '' };
    const keptCmi = {
      core: { score: 'NaN', lesson_status: 'failed', total_time: '00:01:00' },
      objectives: { '0': { id: 'q1', score: { raw: '5' } } },
      suspend_data: 'x',
    };
    expect(withinModel(keptCmi, model)).toEqual({
      core: { lesson_status: 'failed', total_time: '00:01:00' },
      objectives: { '0': { id: 'q1', score: { raw: '5' } } },
      suspend_data: 'x',
    });
  });
});

const launch = <S extends 'scorm12' | 'scorm2004'>(kind: S, runtime: RuntimeState | null) => ({
  type: 'app:launch' as const,
  namespace: 'a'.repeat(64),
  kind,
  root: '',
  launch: 'index.html',
  runtime,
  launchId: 'launch-id-0123456789',
  xapi: null,
});

describe('installScormRuntime', () => {
  // The "H5P in SCORM" wrapper sets cmi.core.score itself (beside .raw); scorm-again takes it and
  // commits a string where the score group was.
  it('SCORM 1.2: a kept commit with a group set to a string still initializes and resumes', async () => {
    const target = {} as Window & { API?: Api12 };
    const previous = kept('scorm12', {
      core: { exit: 'suspend', lesson_status: 'failed', score: 'NaN' },
      suspend_data: 'x',
    });
    await installScormRuntime(target, launch('scorm12', previous), () => {});
    const api = target.API as Api12;
    expect(api.LMSInitialize('')).toBe('true');
    expect([api.LMSGetValue('cmi.core.entry'), api.LMSGetValue('cmi.suspend_data')]).toEqual(['resume', 'x']);
    expect(api.LMSSetValue('cmi.core.score.raw', '50')).toBe('true');
  });
  it('SCORM 2004: a kept commit with a group set to a string still initializes', async () => {
    const target = {} as Window & { API_1484_11?: Api2004 };
    await installScormRuntime(
      target,
      launch('scorm2004', kept('scorm2004', { score: '5', location: 'p4' })),
      () => {},
    );
    const api = target.API_1484_11 as Api2004;
    expect(api.Initialize('')).toBe('true');
    expect(api.GetValue('cmi.location')).toBe('p4');
    expect(api.SetValue('cmi.score.scaled', '0.5')).toBe('true');
  });

  it('SCORM 1.2: finds API on the window, resumes, reports each commit whole', async () => {
    const target = {} as Window & { API?: Api12 };
    const reports: RuntimeData[] = [];
    const previous = kept('scorm12', { core: { exit: 'suspend', lesson_location: 'p2' }, suspend_data: 'x' });
    const runtime = await installScormRuntime(target, launch('scorm12', previous), (data) =>
      reports.push(data),
    );
    const api = target.API as Api12;
    expect(api.LMSInitialize('')).toBe('true');
    expect([api.LMSGetValue('cmi.core.entry'), api.LMSGetValue('cmi.suspend_data')]).toEqual(['resume', 'x']);
    // Past SCORM 1.2's 4,096 characters, as real packages write.
    api.LMSSetValue('cmi.suspend_data', 'y'.repeat(20_000));
    api.LMSSetValue('cmi.core.lesson_status', 'passed');
    api.LMSSetValue('cmi.core.score.raw', '80');
    expect(api.LMSCommit('')).toBe('true');
    runtime.commitIfOpen();
    expect(api.LMSFinish('')).toBe('true');
    runtime.commitIfOpen(); // finished: nothing more
    expect(reports).toHaveLength(3);
    const last = reports[2]?.cmi as { core: Record<string, string>; suspend_data: string };
    expect(last.core).toMatchObject({ lesson_status: 'passed', lesson_location: 'p2' });
    expect(last.suspend_data).toHaveLength(20_000);
  });
  it('SCORM 2004: finds API_1484_11 on the window and reports the terminate commit', async () => {
    const target = {} as Window & { API_1484_11?: Api2004 };
    const reports: RuntimeData[] = [];
    await installScormRuntime(target, launch('scorm2004', null), (data) => reports.push(data));
    const api = target.API_1484_11 as Api2004;
    expect(api.Initialize('')).toBe('true');
    expect(api.GetValue('cmi.entry')).toBe('ab-initio');
    api.SetValue('cmi.completion_status', 'completed');
    api.SetValue('cmi.score.scaled', '0.9');
    expect(api.Terminate('')).toBe('true');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.cmi).toMatchObject({ completion_status: 'completed', score: { scaled: '0.9' } });
  });
});
