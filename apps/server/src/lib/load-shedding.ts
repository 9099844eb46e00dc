import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageFromHeader } from '@journals/core/i18n/index';
import { errorBody } from '../plugins/errors';
import type { Metrics } from './metrics';

/** Probes and scrapes are answered whatever the load: a busy process is alive, and its metrics say why. */
const ALWAYS_ANSWERED = /^\/(healthz|readyz|metrics)(\?|$)/;

/**
 * Sheds load it cannot answer in time with 503 and Retry-After (issue 23 §5, decision 0059), instead of queueing
 * without bound: a request that finds `maxInFlight` requests already in hand, or an event loop late by more than a
 * second (a process that would answer every request late), is answered at once. The client, or the proxy in front,
 * tries again after `retryAfterSeconds`; those in hand finish in time.
 */
export async function shedLoad(
  app: FastifyInstance,
  metrics: Metrics,
  options: { maxInFlight: number; retryAfterSeconds: number },
) {
  /** Readies the 503 and answers its body (the caller sends it: a hook's reply, or under-pressure's). */
  const refusal = (request: FastifyRequest, reply: FastifyReply) => {
    metrics.shed.inc();
    request.language = languageFromHeader(request.headers['accept-language']);
    reply.code(503).header('retry-after', String(options.retryAfterSeconds));
    return errorBody(request, 'unavailable', 'errors.unavailable');
  };
  app.addHook('onRequest', async (request, reply) => {
    if (metrics.inFlight > options.maxInFlight && !ALWAYS_ANSWERED.test(request.url))
      return reply.send(refusal(request, reply));
  });
  await app.register(underPressure, {
    maxEventLoopDelay: 1_000,
    retryAfter: options.retryAfterSeconds,
    // Returning nothing lets the request through; a body returned is sent with the status set here (the plugin's
    // code does so, its types say void).
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply) =>
      ALWAYS_ANSWERED.test(request.url) ? undefined : refusal(request, reply)) as unknown as NonNullable<
      FastifyUnderPressureOptions['pressureHandler']
    >,
  });
}
