import { normalizeIP } from '@fastify/rate-limit';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { GlobalCounter } from './rate-limit-store';

/** @fastify/rate-limit's own default: an IPv6 address counts with its /64, as one household or machine. */
const IPV6_SUBNET = 64;

/** The count the memory lane took of a request it passed on to Fastify for being past the limit. */
const COUNTED = Symbol('counted by the global rate limit');
type Counted = IncomingMessage & { [COUNTED]?: { current: number; ttl: number } };

/** What answers a request past a limit: 429, and the error handler's translated `tooManyRequests`. */
export const rateLimited = () => ({ statusCode: 429, code: 'FST_RATE_LIMIT', message: 'rate limited' });

/**
 * The global rate limit (decision 0065): every route without a limit of its own counts its requests per address in
 * `counter` (lib/rate-limit-store.ts), `max` a window of `windowMs`; the request past it gets 429 with the counts and
 * Retry-After. It is @fastify/rate-limit's global limit — same key, same window, same answer — as one synchronous
 * hook: the plugin's, three awaits deep, cost a cached public answer about a tenth of its time (issue 24). The routes
 * with a limit of their own (sign-in, payments, costly requests) keep the plugin's (registered with `global: false`).
 *
 * Registered before the routes: it adds its hook to each as it is registered. Answers `admits`, the same count for the
 * requests the memory lane answers (lib/memory-lane.ts): one the lane finds past the limit goes on to Fastify, whose
 * hook answers 429 from the lane's count rather than counting it twice.
 */
export function registerGlobalRateLimit(
  app: FastifyInstance,
  options: { max: number; windowMs: number; counter: GlobalCounter; exempt: (request: FastifyRequest) => boolean },
) {
  const { max, windowMs, counter, exempt } = options;
  // An address's key, remembered: normalizing tests the address against the IPv6 grammar, a long regular expression,
  // on every request (issue 24). The addresses are the clients', so the memo is bounded.
  const keys = new Map<string, string>();
  const keyOf = (ip: string) => {
    let key = keys.get(ip);
    if (key === undefined) {
      if (keys.size >= 10_000) keys.clear();
      keys.set(ip, (key = normalizeIP(ip, IPV6_SUBNET)));
    }
    return key;
  };
  const limit = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (exempt(request)) return done();
    const { current, ttl } = (request.raw as Counted)[COUNTED] ?? counter.hit(keyOf(request.ip), windowMs);
    if (current <= max) return done();
    const seconds = Math.ceil(ttl / 1000);
    reply.headers({
      'x-ratelimit-limit': max,
      'x-ratelimit-remaining': 0,
      'x-ratelimit-reset': seconds,
      'retry-after': seconds,
    });
    done(rateLimited() as unknown as Error);
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit != null) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), limit];
  });
  return {
    /** Counts a request from `ip`; false, with the count kept on the request, when it is past the limit. */
    admits: (raw: IncomingMessage, ip: string): boolean => {
      const hit = counter.hit(keyOf(ip), windowMs);
      if (hit.current <= max) return true;
      (raw as Counted)[COUNTED] = hit;
      return false;
    },
  };
}
