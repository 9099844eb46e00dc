import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TrustProxy } from './client-address';

/**
 * A new request id: this process's random prefix and a counter, unique across processes and restarts without
 * drawing random bytes for every request (a UUID a request cost about 1 % of a cached answer's time).
 */
const PREFIX = randomUUID().slice(0, 8);
let count = 0;

/** An incoming x-request-id kept as the request's id: letters, digits and . _ : - (a UUID, a proxy's token). */
const GIVEN = /^[\w.:-]{1,128}$/;

/**
 * A request's id: the one a trusted proxy (TRUST_PROXY, the hop that connected to this process) gave it when that is
 * a plain token, so one id follows it through the proxy's log and ours; otherwise a new one. A client's own
 * x-request-id is not taken (decision 0072): anyone could give many requests one id, or another's, and muddle the
 * log. Fastify's `genReqId` (app.ts) and the memory lane (lib/memory-lane.ts) both take it from here, so the ids of
 * both are one sequence.
 */
export function requestIdOf(request: IncomingMessage, trust: TrustProxy | false): string {
  const given = request.headers['x-request-id'];
  const peer = request.socket.remoteAddress;
  return typeof given === 'string' && trust && peer !== undefined && trust(peer, 0) && GIVEN.test(given)
    ? given
    : `${PREFIX}-${(++count).toString(36)}`;
}
