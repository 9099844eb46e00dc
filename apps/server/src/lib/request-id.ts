import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * A new request id: this process's random prefix and a counter, unique across processes and restarts without
 * drawing random bytes for every request (a UUID a request cost about 1 % of a cached answer's time).
 */
const PREFIX = randomUUID().slice(0, 8);
let count = 0;

/** An incoming x-request-id kept as the request's id: letters, digits and . _ : - (a UUID, a proxy's token). */
const GIVEN = /^[\w.:-]{1,128}$/;

/**
 * A request's id: the one a proxy or client gave it when that is a plain token, so one id follows it through the
 * proxy's log and ours; otherwise a new one. Fastify's `genReqId` (app.ts) and the memory lane (lib/memory-lane.ts)
 * both take it from here, so the ids of both are one sequence.
 */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && GIVEN.test(given) ? given : `${PREFIX}-${(++count).toString(36)}`;
}
