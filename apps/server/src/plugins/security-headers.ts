import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** What a JSON answer may load or embed: nothing (decision 0018). */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The headers a JSON answer of the API needs: it is data, never a document a browser renders. */
const API_HEADERS = [
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'cross-origin-opener-policy',
];

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
 * - a JSON answer of `/api/` gets the OWASP REST set: `default-src 'none'; frame-ancestors 'none'`, nosniff,
 *   framing refused, the referrer policy, CORP, COOP and HSTS. The document-only headers (the page's policy, the
 *   DNS prefetch, IE's download and XSS switches, Flash's cross-domain policy, origin-keyed agent clusters)
 *   govern nothing in a JSON answer; leaving them out takes about 600 bytes off every API answer.
 *
 * An `/api/` route starts with the JSON set; if it answers something else, the document set replaces it, except a
 * CSP the route chose itself (an SVG's `default-src 'none'`, the documentation's own).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
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

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.url?.startsWith('/api/') ? apiHeaders : documentHeaders);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.url?.startsWith('/api/') && isDocument(reply.getHeader('content-type'))) {
      const ownPolicy = reply.getHeader('content-security-policy') !== API_CSP;
      reply.headers(documentRest);
      if (!ownPolicy && documentCsp) reply.header('content-security-policy', documentCsp);
    }
    done(null, payload);
  });
}
