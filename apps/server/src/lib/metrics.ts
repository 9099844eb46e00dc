import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { AnswerTally } from './answer-tally';

/**
 * The process's Prometheus metrics (issue 23 §3, decision 0059): one registry per process (the tests build many
 * apps in one process, each with its own). What the process does itself is counted here as it happens (requests,
 * mails it delivered, reminders it sent); what the database knows for every process (the outbox, the job queue,
 * the scheduled runs) is read when the metrics are scraped (features/system/operations.ts).
 */
export class Metrics {
  readonly registry = new Registry();
  /** Every answer's count and latency by route pattern, method and status. */
  private readonly answers = new AnswerTally();
  readonly shed = new Counter({
    name: 'journals_http_requests_shed_total',
    help: 'Requests answered 503 at once because the process had MAX_IN_FLIGHT requests in hand, or was stopping.',
    registers: [this.registry],
  });
  /** Requests read and not yet answered (or abandoned by their client). */
  inFlight = 0;
  readonly mails = new Counter({
    name: 'journals_mail_deliveries_total',
    help: 'Delivery attempts of outbox mail made by this process, by outcome (sent, failed: the SMTP server refused or was unreachable).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly reminders = new Counter({
    name: 'journals_reminders_sent_total',
    help: 'Reminders sent by the scheduled reminders job in this process.',
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: 'journals_scheduled_job_runs_total',
    help: 'Scheduled job runs made by this process, by job and outcome (ok, failed).',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    this.answers.register(this.registry);
    const inFlight = () => this.inFlight;
    new Gauge({
      name: 'journals_http_requests_in_flight',
      help: 'Requests being answered now.',
      registers: [this.registry],
      collect() {
        this.set(inFlight());
      },
    });
    // Memory, CPU, event-loop delay, handles: what tells a leak or a blocked loop.
    collectDefaultMetrics({ register: this.registry, prefix: 'journals_' });
    for (const outcome of ['sent', 'failed']) this.mails.inc({ outcome }, 0);
    this.reminders.inc(0);
  }

  /** The database connections open, idle and the statements waiting for one (DatabaseHandle.pool). */
  observeDatabase(pool: () => { open: number; idle: number; waiting: number }) {
    new Gauge({
      name: 'journals_db_pool_connections',
      help: 'Database connections of this process: open, idle, and statements waiting for a connection (waiting).',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const now = pool();
        this.set({ state: 'open' }, now.open);
        this.set({ state: 'in_use' }, now.open - now.idle);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });
  }

  /**
   * Counts a request in flight until its socket's response closes, answered or abandoned (a count that leaked would
   * shed load for good). Called first thing for every request (plugins/front-door.ts).
   */
  requestStarted(reply: FastifyReply) {
    this.inFlight += 1;
    // `on`, not `once`: the response closes once anyway, and `once` made a wrapper for every request.
    reply.raw.on('close', this.leave);
  }

  private readonly leave = () => (this.inFlight -= 1);

  /** Counts an answer the memory lane (lib/memory-lane.ts) sent, in the same series as Fastify's. */
  answered(method: string, route: string, status: number, seconds: number) {
    this.answers.record(method, route, status, seconds);
  }

  /** Counts every answer by its route pattern (never the raw URL: one series per route, not per paper). */
  observeRequests(app: FastifyInstance) {
    // A callback hook, not an async one: every request passes here (issue 24).
    app.addHook('onResponse', (request, reply, done) => {
      this.answers.record(
        request.method,
        routeLabel(request, reply.statusCode),
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  }
}

/** The route's pattern; pages of the web app and unknown paths are answered by the not-found handler. */
function routeLabel(request: FastifyRequest, status: number) {
  const pattern = request.routePattern;
  if (pattern) return pattern;
  if (request.url.startsWith('/api/')) return '(unknown api path)';
  return status < 400 ? '(web app page)' : '(not found)';
}

/** Compared as digests: equal lengths whatever was sent, so the comparison says nothing of the token's length. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the metrics token (`Bearer <token>`). */
export function holdsToken(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * The worker's /metrics (`npm run worker` serves no HTTP otherwise): on HOST:METRICS_PORT, to the holder of
 * METRICS_TOKEN, like the web processes' route. Answers the way to close it.
 */
export async function serveMetrics(
  metrics: Metrics,
  options: { host: string; port: number; token: string },
  log: FastifyBaseLogger,
) {
  const server = createServer((request, response) => {
    const answer = (status: number, type: string, body: string) =>
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    if (request.method !== 'GET' || request.url !== '/metrics') return answer(404, 'text/plain', 'not found\n');
    if (!holdsToken(request.headers.authorization, options.token))
      return answer(401, 'text/plain', 'unauthenticated\n');
    metrics.registry.metrics().then(
      (text) => answer(200, metrics.registry.contentType, text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics failed');
        answer(500, 'text/plain', 'metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(options.port, options.host, resolve),
  );
  log.info(`worker metrics at http://${options.host}:${options.port}/metrics`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
