import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { platformHealthResponse, scheduledJobState } from '@journals/core/schemas/operations';
import { screenCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { holdsToken, type Metrics } from '../../lib/metrics';
import { sendError } from '../../plugins/errors';
import { type OperationsState, readOperations } from './operations';
import { operationsMetrics } from './operations-metrics';
import { documented, file } from '../../lib/openapi';
import { serverRoot } from '../../paths';

const MANUAL = path.join(serverRoot, 'assets', 'manual.pdf');

/** The health answer: the database answered (a failure is the error envelope's 500). */
const healthResponse = z.object({ status: z.literal('ok') });

/**
 * What a failed check says to anyone (decision 0072): a few fixed words, never an error's own text, which may carry
 * SQL, a path or an address. The texts go to the log and to the holder of METRICS_TOKEN.
 */
const FAILED = {
  database: 'the database did not answer',
  migrations: 'not every migration is applied',
  migrationsUnread: 'not read: the database did not answer',
  storage: 'the storage did not keep a file',
} as const;
const check = z.union([z.literal('ok'), z.enum(Object.values(FAILED)).describe('What failed, in words.')]);
/**
 * /readyz: 200 when this process can serve, 503 when a check failed; scheduled jobs are reported, not gating. A job's
 * last error and the checks' own texts (`details`) only to the holder of METRICS_TOKEN.
 */
const readyResponse = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({ database: check, migrations: check, storage: check }),
  scheduledJobs: z.array(
    scheduledJobState
      .extend({ lastError: scheduledJobState.shape.lastError.optional() })
      .extend({ failing: z.boolean().describe('Its last run failed.') }),
  ),
  details: z
    .object({
      database: z.string().nullable(),
      storage: z.string().nullable(),
      migrations: z.object({ applied: z.number().int(), known: z.number().int() }).nullable(),
    })
    .optional()
    .describe('What failed, as the error said it: to the holder of METRICS_TOKEN only.'),
});

/** What the system routes need besides the features' deps: the process's metrics and start. */
export interface SystemDeps {
  metrics: Metrics;
  /** When this process started (ms): a scheduled job with no run on record is overdue two periods after it. */
  startedAt: number;
}

export function registerSystemRoutes(app: FastifyInstance, deps: Deps, system: SystemDeps) {
  const operations = () => readOperations(deps.db, deps.config, system.startedAt);
  const readings = operationsMetrics(system.metrics.registry, operations);
  const token = deps.config.METRICS_TOKEN;

  /** The process lives and answers (a liveness probe: restart it when this fails). */
  app.get('/healthz', { schema: { tags: ['system'], ...documented({ 200: healthResponse }) } }, () => ({
    status: 'ok' as const,
  }));

  /**
   * The process can serve (a readiness probe: send it traffic while this answers 200). The database answers, every
   * migration this code knows is applied, and the storage takes a file and gives it back. A scheduled job overdue
   * is reported but does not take the process out of service: a stopped worker must be seen, not take every web
   * process down with it (decision 0059).
   */
  app.get(
    '/readyz',
    { schema: { tags: ['system'], ...documented({ 200: readyResponse }, [503]) } },
    async (request, reply) => {
      let state: OperationsState | undefined;
      const database = await attempt(async () => void (state = await operations()));
      const storage = await attempt(() => storageRoundTrip(deps));
      for (const [name, error] of Object.entries({ database, storage }))
        if (error !== null) request.log.warn({ err: error, check: name }, 'a readiness check failed');
      const read = state as OperationsState | undefined;
      const checks = {
        database: database === null ? ('ok' as const) : FAILED.database,
        migrations: !read
          ? FAILED.migrationsUnread
          : read.migrations.applied !== read.migrations.known
            ? FAILED.migrations
            : ('ok' as const),
        storage: storage === null ? ('ok' as const) : FAILED.storage,
      };
      const ready = Object.values(checks).every((value) => value === 'ok');
      const trusted = token !== undefined && holdsToken(request.headers.authorization, token);
      const scheduledJobs = (read?.scheduled ?? []).map(({ lastError, ...job }) => ({
        ...job,
        failing: lastError !== null,
        ...(trusted ? { lastError } : {}),
      }));
      const details = trusted
        ? { database: messageOf(database), storage: messageOf(storage), migrations: read?.migrations ?? null }
        : undefined;
      return reply
        .code(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ready ? 'ready' : 'not ready', checks, scheduledJobs, details });
    },
  );

  /**
   * The platform administrator's health screen (issue 23 §3): scheduled work that stopped or fails, mail waiting or
   * given up, the migrations; through the journal whose back office is open, like the other platform screens.
   */
  app.get(
    '/api/journals/:slug/platform/health',
    {
      schema: {
        tags: ['system'],
        params: z.object({ slug: z.string().min(1).max(60) }),
        ...documented({ 200: platformHealthResponse }, [401, 403, 404]),
      },
    },
    async (request) => {
      await screenCaller(deps, request, (request.params as { slug: string }).slug, 'platformHealth');
      return operations();
    },
  );

  /**
   * The process's metrics in the Prometheus text format, to a scraper holding METRICS_TOKEN; without the setting
   * the route is not there (404), so nothing about the platform's running is public (decision 0059).
   */
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['system'],
        ...documented({ 200: file('Prometheus text format 0.0.4.', ['text/plain']) }, [401, 404]),
      },
    },
    async (request, reply) => {
      if (!token) return sendError(request, reply, 'notFound', 'errors.notFound');
      if (!holdsToken(request.headers.authorization, token))
        return sendError(request, reply, 'unauthenticated', 'errors.unauthenticated');
      readings.refresh();
      const text = await system.metrics.registry.metrics();
      return reply.type(system.metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );

  /** The system manual linked from every journal's footer (spec 01 §2). */
  app.get(
    '/manual.pdf',
    { schema: { tags: ['system'], ...documented({ 200: file('The system manual.', ['application/pdf']) }) } },
    (_request, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="manual.pdf"')
        .send(createReadStream(MANUAL)),
  );
}

/** null when the work is done, or what it threw. */
async function attempt(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
    return null;
  } catch (error) {
    return error ?? new Error('failed');
  }
}

const messageOf = (error: unknown) => (error === null ? null : error instanceof Error ? error.message : String(error));

/** Writes a small file, reads it back and removes it: a full disk, a read-only folder or a refused bucket shows. */
async function storageRoundTrip({ storage }: Pick<Deps, 'storage'>) {
  const key = `.readyz/${process.pid}-${randomBytes(6).toString('hex')}`;
  const content = randomBytes(16);
  await storage.put(key, content);
  try {
    const found = await storage.get(key);
    if (!found) throw new Error('a file just written could not be read back');
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(chunk as Buffer);
    if (!Buffer.concat(chunks).equals(content)) throw new Error('a file just written read back different');
  } finally {
    await storage.remove(key);
  }
}
