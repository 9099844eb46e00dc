import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLogger } from '../src/lib/request-logger';
import { buildTestApp } from './harness';

/** A request's logger is made on first use (lib/request-logger.ts); what it writes is what a pino child writes. */
describe('the request logger', () => {
  it('makes no child for a request that logs below the level, and writes with the request id when it logs', () => {
    const lines: string[] = [];
    const parent = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const child = vi.spyOn(parent, 'child');
    const log = requestLogger(parent, { reqId: 'req-7' }, {});
    log.info('incoming request');
    log.debug('details');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    log.warn({ detail: 1 }, 'something odd');
    log.error('and worse');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      { level: 40, reqId: 'req-7', detail: 1, msg: 'something odd' },
      { level: 50, reqId: 'req-7', msg: 'and worse' },
    ]);
  });

  it('carries the request id of the request that logged, in the server', async () => {
    const lines: string[] = [];
    const app = await buildTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => void lines.push(line) } });
    try {
      // A forwarded address while TRUST_PROXY is off: the server warns once, from the request's logger.
      const answer = await app.client().get('/api/landing', { 'x-forwarded-for': '203.0.113.9' });
      const warned = lines.map((line) => JSON.parse(line)).find((entry) => /X-Forwarded-For/.test(entry.msg));
      // The id the answer carries (x-request-id) is the one of its log lines: an operator finds one from the other.
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
      expect(warned).toMatchObject({ level: 40, reqId: answer.headers['x-request-id'] });
    } finally {
      await app.close();
    }
  });
});
