import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** What a JSON answer may load or embed: nothing (decision 0018). */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers a JSON answer of the API needs: it is data, never a document a browser renders. Framing is refused by
 * the CSP's frame-ancestors (X-Frame-Options only adds it for browsers that predate CSP 2); COOP and the referrer
 * policy govern a document and what it loads, and a JSON answer is neither.
 */
const API_HEADERS = ['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy'];

/** A body that is not JSON (an answer with no body, a 304 or 204, has no type and keeps the JSON set). */
const isDocument = (type: unknown) => type !== undefined && !String(type).startsWith('application/json');

/**
 * Helmet's security headers, worked out once at start — they depend on the configuration only, no nonce — and set
 * on every reply (@fastify/helmet rebuilt and re-parsed the policy on every request: about 5 % of a cached public
 * answer's time).
 *
 * Two sets (decision 0018):
 * - a document (the SPA's HTML, the hosted payment page, a PDF, an image, the API's documentation) gets all of
 *   helmet's, with the page's CSP;
 * - a JSON answer of `/api/` gets what governs a JSON answer: `default-src 'none'; frame-ancestors 'none'` (it may
 *   load nothing and be framed by no one), nosniff, CORP and HSTS. The others (the page's policy, COOP, the
 *   referrer policy, X-Frame-Options, the DNS prefetch, IE's download and XSS switches, Flash's cross-domain policy,
 *   origin-keyed agent clusters) govern documents; each header costs every answer its validation and bytes.
 *
 * An `/api/` route starts with the JSON set; if it answers something else, the document set replaces it, except a
 * CSP the route chose itself (an SVG's `default-src 'none'`, the documentation's own).
 *
 * Answers the setter of the first set, which the front door (plugins/front-door.ts) calls for every request (the
 * replacement is a hook of its own here), and the JSON set itself, which the memory lane (lib/memory-lane.ts) sends.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
): {
  set: (request: FastifyRequest, reply: FastifyReply) => void;
  api: Readonly<Record<string, string>>;
} {
  const documentHeaders: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (documentHeaders[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete documentHeaders[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  const apiHeaders: Record<string, string> = { 'content-security-policy': API_CSP };
  for (const name of API_HEADERS) if (documentHeaders[name]) apiHeaders[name] = documentHeaders[name];
  const { 'content-security-policy': documentCsp, ...documentRest } = documentHeaders;

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routePattern.startsWith('/api/') && isDocument(reply.getHeader('content-type'))) {
      const ownPolicy = reply.getHeader('content-security-policy') !== API_CSP;
      reply.headers(documentRest);
      if (!ownPolicy && documentCsp) reply.header('content-security-policy', documentCsp);
    }
    done(null, payload);
  });
  return {
    set: (request, reply) => {
      reply.headers(request.routePattern.startsWith('/api/') ? apiHeaders : documentHeaders);
    },
    api: apiHeaders,
  };
}
