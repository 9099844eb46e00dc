import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
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
 * Sheds load it cannot answer in time with 503 and Retry-After (issue 23 §5, decision 0059), instead of queueing
 * without bound: a request that finds `maxInFlight` requests already in hand, or an event loop late by more than
 * `maxEventLoopDelayMs` (a process that would answer every request late), is answered at once. The client, or the proxy in front,
 * tries again after `retryAfterSeconds`; those in hand finish in time.
 */
export async function shedLoad(
  app: FastifyInstance,
  metrics: Metrics,
  options: {
    maxInFlight: number;
    retryAfterSeconds: number;
    /**
     * How late the event loop may be before requests are shed (ms), 0 for never: 0 where the database runs on this
     * thread (PGlite), since there a long statement is the lateness itself, and shedding would refuse the readers
     * who merely waited behind it (a journal's report, a test seeding papers).
     */
    maxEventLoopDelayMs: number;
  },
) {
  /** Readies the 503 and answers its body (the caller sends it: a hook's reply, or under-pressure's). */
  const refusal = (request: FastifyRequest, reply: FastifyReply) => {
    metrics.shed.inc();
    request.language = languageFromHeader(request.headers['accept-language']);
    reply.code(503).header('retry-after', String(options.retryAfterSeconds));
    return errorBody(request, 'unavailable', 'errors.unavailable');
  };
  // A callback hook, not an async one: every request passes here (issue 24).
  app.addHook('onRequest', (request, reply, done) => {
    if (metrics.inFlight > options.maxInFlight && !isProbe(request.url)) {
      reply.send(refusal(request, reply));
      return;
    }
    done();
  });
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    retryAfter: options.retryAfterSeconds,
    // Returning nothing lets the request through; a body returned is sent with the status set here (the plugin's
    // code does so, its types say void).
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply) =>
      isProbe(request.url) ? undefined : refusal(request, reply)) as unknown as NonNullable<
      FastifyUnderPressureOptions['pressureHandler']
    >,
  });
}
