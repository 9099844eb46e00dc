import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadCache } from '../src/lib/cache';

/** A load whose answers the test hands out one by one, and counts. */
function loads() {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const load = () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  return { load, pending };
}

const TTL = 1_000;
const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('the read cache', () => {
  it('answers a loaded entry as it is, and a reader in its last quarter starts a reload without waiting for it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const cache = new ReadCache(TTL);
    const { load, pending } = loads();
    const first = cache.get('k', load);
    expect(first).toBeInstanceOf(Promise);
    pending[0]!.resolve('one');
    expect(await first).toBe('one');
    // Loaded: the value itself, no promise, and no load.
    expect(cache.get('k', load)).toBe('one');
    expect(pending).toHaveLength(1);

    vi.setSystemTime(start + TTL * 0.8);
    // Past three quarters: still the value, at once, and one reload begins.
    expect(cache.get('k', load)).toBe('one');
    expect(cache.get('k', load)).toBe('one');
    expect(pending).toHaveLength(2);
    pending[1]!.resolve('two');
    await settle();
    expect(cache.get('k', load)).toBe('two');

    // The renewed entry's time counts from when its reload began (0.8): fresh past the first one's end...
    vi.setSystemTime(start + TTL * 1.05);
    expect(cache.get('k', load)).toBe('two');
    expect(pending).toHaveLength(2);
    // ...and past its own, a reader waits for a load again.
    vi.setSystemTime(start + TTL * 1.81);
    expect(cache.get('k', load)).toBeInstanceOf(Promise);
    expect(pending).toHaveLength(3);
  });

  it('never answers an entry older than its time: a reload not finished by then leaves the reader to wait', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new ReadCache(TTL);
    const { load, pending } = loads();
    const first = cache.get('k', load);
    pending[0]!.resolve('one');
    await first;
    vi.setSystemTime(Date.now() + TTL * 0.9);
    expect(cache.get('k', load)).toBe('one');
    vi.setSystemTime(Date.now() + TTL * 0.2);
    // Expired, its reload still out: the reader gets a new load's promise, not the old value.
    const waited = cache.get('k', load);
    expect(waited).toBeInstanceOf(Promise);
    expect(pending).toHaveLength(3);
    pending[2]!.resolve('three');
    expect(await waited).toBe('three');
    // The late reload finishing after does not replace the newer entry.
    pending[1]!.resolve('late');
    await settle();
    expect(cache.get('k', load)).toBe('three');
  });

  it('keeps no reload that an invalidation overtook, and a failed reload changes nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new ReadCache(TTL);
    const { load, pending } = loads();
    const first = cache.get('journal:a:home', load);
    pending[0]!.resolve('before');
    await first;
    vi.setSystemTime(Date.now() + TTL * 0.8);
    expect(cache.get('journal:a:home', load)).toBe('before');
    // The journal changed in this process while its reload was out (which read the old rows).
    cache.invalidate('journal:a:');
    pending[1]!.resolve('read before the change');
    await settle();
    const after = cache.get('journal:a:home', load);
    expect(after).toBeInstanceOf(Promise);
    pending[2]!.resolve('after');
    expect(await after).toBe('after');

    vi.setSystemTime(Date.now() + TTL * 0.8);
    expect(cache.get('journal:a:home', load)).toBe('after');
    pending[3]!.reject(new Error('database unreachable'));
    await settle();
    // Still served until its time is up; one reload per entry, not one per reader.
    expect(cache.get('journal:a:home', load)).toBe('after');
    expect(pending).toHaveLength(4);
    vi.setSystemTime(Date.now() + TTL * 0.25);
    const failing = cache.get('journal:a:home', load);
    pending[4]!.reject(new Error('database unreachable'));
    await expect(failing).rejects.toThrow('database unreachable');
  });
});
