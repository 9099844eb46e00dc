import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The pattern of the route that answers (`/api/journals/:slug/home`), '' when none matched: read once here.
     * Fastify's `request.routeOptions` builds a new object of twelve fields on every read, and the hooks after read
     * the pattern five times a request.
     */
    routePattern: string;
  }
}

/**
 * What every request meets first, in one callback hook (decision 0066): it counts the request in flight, gives the
 * answer its request id and security headers, and refuses it with 503 when the process has too many in hand. Four
 * hooks did this before, each a turn of Fastify's hook runner on every request (issue 24: the cached public answers).
 *
 * The parts stay where their rules live: the metrics (lib/metrics.ts), the headers (plugins/security-headers.ts),
 * the shedding (lib/load-shedding.ts); this is only the order they run in. A refused request carries the request id
 * and the security headers too.
 */
export function registerFrontDoor(
  app: FastifyInstance,
  parts: {
    metrics: Metrics;
    setSecurityHeaders: (request: FastifyRequest, reply: FastifyReply) => void;
    /** Sends the refusal and answers true when the request is to be shed. */
    refused: (request: FastifyRequest, reply: FastifyReply) => boolean;
  },
) {
  const { metrics, setSecurityHeaders, refused } = parts;
  app.decorateRequest('routePattern', '');
  app.addHook('onRequest', (request, reply, done) => {
    request.routePattern = request.routeOptions.url ?? '';
    metrics.requestStarted(reply);
    reply.header('x-request-id', request.id);
    setSecurityHeaders(request, reply);
    if (!refused(request, reply)) done();
  });
}
