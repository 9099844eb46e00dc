import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { isFirstVisit, isKnownGuest } from '../plugins/context';
import { chooseCopy, type ReadCache, type Wire } from './cache';
import { clientAddress, type TrustProxy } from './client-address';
import type { Metrics } from './metrics';
import { requestIdOf } from './request-id';

/** A path the lane answers: the pattern of the route that answers it otherwise, and the cached read it names. */
export interface LanePath {
  pattern: string;
  read: { key: string; load: () => Promise<Wire> };
}

/** What the lane does for a request, each from where its rule lives, so its answers are Fastify's. */
export interface LaneParts {
  /** The cached read a GET of exactly `url` names (journals.reads.ts), or null for any other URL. */
  pathOf: (url: string) => LanePath | null;
  cache: ReadCache;
  /** The cookie parser of the request context (@fastify/cookie's). */
  parseCookie: (header: string) => Record<string, string | undefined>;
  /** A new csrf cookie as a Set-Cookie header's value, the one the request context gives a first visitor. */
  newCsrfCookie: () => string;
  /** The global rate limit's count (lib/global-rate-limit.ts). */
  admits: (request: IncomingMessage, ip: string) => boolean;
  /** Whether the front door would shed a request now (lib/load-shedding.ts). */
  overloaded: () => boolean;
  /** The security headers of a JSON answer (plugins/security-headers.ts). */
  apiHeaders: Readonly<Record<string, string>>;
  trust: TrustProxy | false;
  metrics: Metrics;
  /**
   * Fastify's logger, where its level writes a line for every request (LOG_LEVEL info and below): the lane writes
   * the same two lines for its answers, "incoming request" and "request completed", with the request's id.
   */
  requestLog: FastifyBaseLogger | null;
}

/**
 * The memory lane (decision 0067): a guest's GET of a public answer the read cache holds (the platform's landing, a
 * journal's bootstrap and home) is answered by the HTTP server's request listener, before Fastify, with the same
 * status, headers and bytes Fastify's route would send. On the 2-core machine a route of the application that does
 * nothing served 0.52–0.56 of what a bare Fastify route serves, and the same bytes written here 0.90 (issue 24,
 * decision 0066): what costs is Fastify's path through a large application, not the answer.
 *
 * It answers only what needs nothing of that path, and passes everything else to Fastify untouched: another method
 * or path (a query string too), a body, a signed-in reader (the request context would read the session), an
 * X-Forwarded-For the process does not trust (the context warns of it),
 * an answer the cache does not hold loaded and fresh (the route loads it), a process that would shed the request or
 * is closing, and a request past the global rate limit (Fastify answers its 429 from the lane's count). What it
 * answers, it answers as the route's path would: the request id, the API's security headers, a first visitor's new
 * csrf cookie (the context's, plugins/context.ts), the wire's copy
 * chosen by Accept-Encoding, 304 to a matching If-None-Match, counted by the global rate limit and in the request
 * metrics under the route's pattern, and where the level logs every request, with Fastify's two lines. A lane
 * answer is never in flight across a turn, so it is not counted in flight.
 */
export class MemoryLane {
  private closing = false;
  /**
   * The paths met, by URL: a path is worked out (the slug checked, the cache key built) once, not on every request.
   * URLs come from clients, so the memo is bounded; only the lane's own paths are kept.
   */
  private readonly paths = new Map<string, LanePath>();
  /** The security headers as [name, value, …], after the request id: Fastify sends them in this order. */
  private readonly securityHeaders: string[];

  constructor(private readonly parts: LaneParts) {
    this.securityHeaders = Object.entries(parts.apiHeaders).flat();
  }

  /** From now on every request goes to Fastify, which answers it as a closing server does. */
  close() {
    this.closing = true;
  }

  /** Answers `request` from memory and says true; or says false and has not touched it. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || this.closing) return false;
    const started = performance.now();
    const { parts } = this;
    const path = this.pathOf(request.url ?? '');
    if (!path) return false;
    const { headers } = request;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    if (!parts.trust && headers['x-forwarded-for'] !== undefined) return false;
    const cookies = headers.cookie === undefined ? {} : parts.parseCookie(headers.cookie);
    // A first visit gets its csrf cookie here, as the request context would give it (every browser's first call).
    const firstVisit = isFirstVisit(cookies);
    if ((!firstVisit && !isKnownGuest(cookies)) || parts.overloaded()) return false;
    const wire = parts.cache.held(path.read.key, path.read.load);
    if (!wire) return false;
    const ip = clientAddress(request, parts.trust);
    if (ip === undefined || !parts.admits(request, ip)) return false;

    const id = requestIdOf(request, parts.trust);
    // Fastify's request lines (its reqId binding and its request serializer's fields, lib/log-redaction.ts).
    const log = parts.requestLog?.child({ reqId: id });
    log?.info({ req: { method: 'GET', url: request.url, ip } }, 'incoming request');
    // sendWire's headers (lib/cache.ts), in its order.
    const sent = ['x-request-id', id, ...this.securityHeaders, 'cache-control', 'no-cache'];
    if (wire.encoded) sent.push('vary', 'accept-encoding');
    const chosen = chooseCopy(wire, headers['accept-encoding']);
    sent.push('etag', chosen.etag);
    // @fastify/cookie's header comes last but for the length, as Fastify sends it.
    const cookie = () => firstVisit && sent.push('set-cookie', parts.newCsrfCookie());
    let status = 304;
    if (headers['if-none-match'] === chosen.etag) {
      cookie();
      response.writeHead(status, sent).end();
    } else {
      status = 200;
      sent.push('content-type', wire.type);
      if (chosen.encoding) sent.push('content-encoding', chosen.encoding);
      cookie();
      sent.push('content-length', String(chosen.bytes.length));
      response.writeHead(status, sent).end(chosen.bytes);
    }
    const elapsed = performance.now() - started;
    parts.metrics.answered('GET', path.pattern, status, elapsed / 1000);
    log?.info({ res: { statusCode: status }, responseTime: elapsed }, 'request completed');
    return true;
  }

  private pathOf(url: string): LanePath | null {
    let path = this.paths.get(url);
    if (path) return path;
    path = this.parts.pathOf(url) ?? undefined;
    if (!path) return null;
    if (this.paths.size >= 1_000) this.paths.clear();
    this.paths.set(url, path);
    return path;
  }
}

/** The server settings among Fastify's options, which it completes with its defaults before asking for a server. */
interface ServerSettings {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make (its timeouts and limits, from the options Fastify
 * completed), whose request listener offers each request to the lane first. The lane is made after the routes and
 * the cache, so it is asked for on each request; until then, and where there is none, Fastify answers everything.
 */
export function laneServerFactory(
  lane: () => MemoryLane | null,
  failed: (error: unknown) => void,
): FastifyServerFactory {
  return (handler, given) => {
    const options = given as unknown as ServerSettings;
    const server = http.createServer(options.http ?? {}, (request, response) => {
      let answered: boolean;
      try {
        answered = lane()?.answer(request, response) ?? false;
      } catch (error) {
        // Nothing the lane does is known to throw; should it, the error is logged and the request is Fastify's,
        // never an uncaught exception that would end the process.
        failed(error);
        answered = response.headersSent;
      }
      if (!answered) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
