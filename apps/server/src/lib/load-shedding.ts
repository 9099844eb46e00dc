import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageFromHeader } from '@journals/core/i18n/index';
import { errorBody } from '../plugins/errors';
import type { Metrics } from './metrics';

const PROBES = /^\/(healthz|readyz|metrics)(\?|$)/;
/**
 * Probes and scrapes are answered whatever the load and however often they come (neither shed nor rate limited): a
 * busy process is alive, its metrics say why, and a proxy's checks from one address must not take it out of service.
 */
export const isProbe = (url: string) => PROBES.test(url);

/**
 * The web app's built files (its hashed scripts, styles and fonts under /assets/) are not shed either: a page whose
 * script or style is refused stays blank or unstyled, and the browser does not ask for it again, where a refused API
 * call says so in the page (seen when a process started on a busy machine: its first page's scripts were answered
 * 503 with a JSON body). A file read from memory or disk costs the process little; the page's HTML and its API calls
 * are what is shed.
 */
const isWebAppFile = (url: string) => url.startsWith('/assets/');

/**
 * Sheds load it cannot answer in time with 503 and Retry-After (issue 23 §5, decision 0059), instead of queueing
 * without bound: a request that finds `maxInFlight` requests already in hand, or an event loop late by more than
 * the limit `watchEventLoop` sets (a process that would answer every request late), is answered at once. The client,
 * or the proxy in front, tries again after `retryAfterSeconds`; those in hand finish in time.
 *
 * `refused` is the check, which the front door (plugins/front-door.ts) runs for every request: it sends the refusal
 * and answers true when the request is shed.
 */
export function loadShedding(
  metrics: Metrics,
  options: { maxInFlight: number; retryAfterSeconds: number },
): {
  refused: (request: FastifyRequest, reply: FastifyReply) => boolean;
  /**
   * Whether a request arriving now would be shed: the memory lane (lib/memory-lane.ts) leaves such a request to
   * Fastify, whose front door refuses it.
   */
  overloaded: () => boolean;
  /**
   * Sheds also while the event loop is late by more than `maxEventLoopDelayMs`, 0 for never: 0 where the database
   * runs on this thread (PGlite), since there a long statement is the lateness itself, and shedding would refuse the
   * readers who merely waited behind it (a journal's report, a test seeding papers).
   */
  watchEventLoop: (app: FastifyInstance, maxEventLoopDelayMs: number) => Promise<void>;
} {
  let late = () => false;
  /** Whether a request is shed that finds `inHand` requests in hand besides itself. */
  const shed = (inHand: number) => inHand >= options.maxInFlight || late();
  return {
    overloaded: () => shed(metrics.inFlight),
    refused: (request, reply) => {
      // The request is counted in flight already (the front door counts it first).
      if (!shed(metrics.inFlight - 1) || isProbe(request.url) || isWebAppFile(request.url)) return false;
      metrics.shed.inc();
      request.language = languageFromHeader(request.headers['accept-language']);
      reply.code(503).header('retry-after', String(options.retryAfterSeconds));
      reply.send(errorBody(request, 'unavailable', 'errors.unavailable'));
      return true;
    },
    watchEventLoop: async (app, maxEventLoopDelayMs) => {
      if (maxEventLoopDelayMs <= 0) return;
      // @fastify/under-pressure samples the event loop's delay. Its own hook would run for every request and read
      // `request.routeOptions` there (a new object each time, issue 24), so it is registered in a context of its own
      // that holds no route, and the front door asks its verdict.
      await app.register(async (sampler) => {
        await sampler.register(underPressure, { maxEventLoopDelay: maxEventLoopDelayMs });
        late = () => sampler.isUnderPressure();
      });
    },
  };
}
