// The service worker's health check (docs/product.md#states-and-transitions, docs/product.md#business-constants-and-limits): a ping every 30 s, a 5 s reply timeout, and a
// new registration when the worker stays silent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SW_HEALTH_INTERVAL_MS, SW_HEALTH_TIMEOUT_MS } from '@/common/constants.js';
import { keepServiceWorkerHealthy } from './service-worker-client.js';

/** A registration whose active worker answers pings with 'pong', or never answers. */
function fakeRegistration(answers: boolean) {
  const unregister = vi.fn(async () => true);
  const postMessage = vi.fn((message: { type: string }, [port]: MessagePort[]) => {
    if (answers && message.type === 'ping') port?.postMessage({ type: 'pong' });
  });
  const registration = { active: { postMessage }, unregister } as unknown as ServiceWorkerRegistration;
  return { registration, unregister, postMessage };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('keepServiceWorkerHealthy', () => {
  it('pings every 30 s and leaves a worker that answers alone', async () => {
    const healthy = fakeRegistration(true);
    const register = vi.fn();
    const stop = keepServiceWorkerHealthy(healthy.registration, register);
    await vi.advanceTimersByTimeAsync(SW_HEALTH_INTERVAL_MS - 1);
    expect(healthy.postMessage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(healthy.postMessage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SW_HEALTH_INTERVAL_MS);
    expect(healthy.postMessage).toHaveBeenCalledTimes(2);
    expect(healthy.unregister).not.toHaveBeenCalled();
    expect(register).not.toHaveBeenCalled();
    stop();
  });

  it('re-registers a worker that stays silent for 5 s, then checks the new one', async () => {
    const silent = fakeRegistration(false);
    const fresh = fakeRegistration(true);
    const register = vi.fn(async () => fresh.registration);
    const stop = keepServiceWorkerHealthy(silent.registration, register);
    await vi.advanceTimersByTimeAsync(SW_HEALTH_INTERVAL_MS + SW_HEALTH_TIMEOUT_MS - 1);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(silent.unregister).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SW_HEALTH_INTERVAL_MS);
    expect(fresh.postMessage).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops pinging once stopped', async () => {
    const healthy = fakeRegistration(true);
    keepServiceWorkerHealthy(healthy.registration, vi.fn())();
    await vi.advanceTimersByTimeAsync(3 * SW_HEALTH_INTERVAL_MS);
    expect(healthy.postMessage).not.toHaveBeenCalled();
  });
});
