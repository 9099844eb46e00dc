import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { HelmetOptions } from 'helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { languageFromHeader } from '@journals/core/i18n/index';
import { searchPath } from '@journals/core/search-criteria';
import type { Config } from './config';
import { CHANNELS, type DatabaseHandle, openDatabase } from './db/client';
import { registerAccountRoutes } from './features/accounts/accounts.routes';
import { registerArchiveRoutes } from './features/archive/archive.routes';
import { registerSearchRoutes } from './features/archive/search.routes';
import { registerFullTextRoutes } from './features/archive/full-text.routes';
import { hearAuthorDashboardChanges } from './features/submissions/author-dashboard.service';
import { hearEditorialDeskChanges } from './features/editorial/editorial-desk-cache';
import { hearPaperPageChanges } from './features/submissions/paper-page.service';
import { hearReviewerDashboardChanges } from './features/reviewing/reviewer-dashboard.service';
import { registerDecisionRoutes } from './features/decisions/decisions.routes';
import { registerEditorialRoutes } from './features/editorial/editorial.routes';
import { registerPaperLogRoutes } from './features/paper-logs/paper-logs.routes';
import { registerUserRoutes } from './features/users/users.routes';
import { registerArchiveManagementRoutes } from './features/issues/archive-management.routes';
import { registerIssueRoutes } from './features/issues/issues.routes';
import { registerReviewingRoutes } from './features/reviewing/reviewing.routes';
import { withdrawOpenInvitations } from './features/reviewing/invitation-changes.service';
import { registerOrcidRoutes } from './features/accounts/orcid.routes';
import { registerPapersPdfRoutes } from './features/papers-pdf/ethics-form.routes';
import { startRegistrationPayment } from './features/payments/checkout.service';
import { registerPaymentRoutes } from './features/payments/payments.routes';
import { firstHtml, type PageAnswers } from './features/journals/first-html';
import {
  archiveHomeWire,
  guestAccessWire,
  issueWire,
  paperWire,
  searchWire,
  timelineWire,
} from './features/archive/archive.reads';
import { registerHarvestingRoutes } from './features/harvesting/harvesting.routes';
import { registerImportRoutes } from './features/imports/imports.routes';
import { registerExportRoutes } from './features/harvesting/export-routes';
import { registerDoiRoutes } from './features/harvesting/doi-routes';
import { registerCorrectionRoutes } from './features/notices/corrections.routes';
import { registerNoticeRoutes } from './features/notices/notices.routes';
import { registerJournalRoutes } from './features/journals/journals.routes';
import { publicReadAt } from './features/journals/journals.reads';
import { registerJournalDataRoutes } from './features/journals/journal-data.routes';
import { registerSpecializationRoutes } from './features/journals/specializations.routes';
import { registerReviewQuestionRoutes } from './features/journals/review-questions.routes';
import { registerCustomTabRoutes } from './features/journals/custom-tabs.routes';
import { registerSlideRoutes } from './features/journals/slides.routes';
import { registerOutboxRoutes } from './features/mail/outbox.routes';
import { registerMailTemplateRoutes } from './features/mail/mail-templates.routes';
import { registerBulkMailRoutes } from './features/mail/bulk-mail.routes';
import { registerPlatformRoutes } from './features/platform/platform.routes';
import { registerSubmissionRoutes } from './features/submissions/submissions.routes';
import { registerSystemRoutes } from './features/system/system.routes';
import { startJobs } from './jobs/jobs';
import { BackgroundTasks } from './lib/background';
import { ReadCache, sendWire } from './lib/cache';
import { registerGlobalRateLimit, rateLimited } from './lib/global-rate-limit';
import { closeHeavyWork } from './lib/heavy-work';
import { closeSheetThreads } from './features/imports/sheet-thread';
import { rateLimitCounts } from './lib/rate-limit-store';
import { withUploads } from './lib/upload-routes';
import { HeardCache } from './lib/heard-cache';
import type { Deps } from './lib/deps';
import { isProbe, loadShedding } from './lib/load-shedding';
import { logRedactPaths, logSerializers } from './lib/log-redaction';
import { Metrics } from './lib/metrics';
import { laneServerFactory, MemoryLane } from './lib/memory-lane';
import { requestIdOf } from './lib/request-id';
import { trustProxyFunction } from './lib/client-address';
import { documentingTransform, documentingTransformObject } from './lib/openapi';
import { logsEveryRequest, requestLogger } from './lib/request-logger';
import {
  CSRF_COOKIE,
  csrfCookieOptions,
  ensureCsrfCookie,
  isSecure,
  registerRequestContext,
  SESSION_COOKIE,
  type SessionRow,
} from './plugins/context';
import { newToken } from './lib/tokens';
import { registerErrorHandling, sendError } from './plugins/errors';
import { registerInputChecks } from './plugins/input';
import { registerFrontDoor } from './plugins/front-door';
import { registerSecurityHeaders } from './plugins/security-headers';
import { boundedSearch } from './search/bounded';
import { postgresSearch } from './search/postgres';
import { seedDemo } from './seed/seed';
import { sealStoredSecrets } from './ops/stored-secrets';
import { createStorage } from './storage/storage';

export interface BuiltApp {
  app: FastifyInstance;
  /** The memory lane in front of Fastify (lib/memory-lane.ts). */
  lane: MemoryLane;
  metrics: Metrics;
  deps: Deps;
  database: DatabaseHandle;
  /** Stops in order, the database last; the jobs in hand go back to the queue by `deadline` (epoch ms). */
  close: (deadline?: number) => Promise<void>;
}

export interface BuildOptions {
  /** Run the job consumers in this process (the default); `npm run worker` runs them alone. */
  workJobs?: boolean;
  /** Tests pass an already-open database. */
  database?: DatabaseHandle;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** Called for every route as it is registered (the authorization matrix test collects them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole server: one process serves /api, the built SPA and public files (DESIGN §1). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const trustProxy = trustProxyFunction(config.TRUST_PROXY);
  // The memory lane (decision 0067): made once the routes and the cache are (the end of this function).
  let lane: MemoryLane | null = null;
  const app = Fastify({
    serverFactory: laneServerFactory(
      () => lane,
      (error) => app.log.error({ err: error }, 'the memory lane failed; Fastify answered'),
    ),
    logger: {
      level: config.LOG_LEVEL,
      serializers: logSerializers,
      redact: { paths: logRedactPaths, censor: '[redacted]' },
      // Readable lines on a terminal (the quick start); JSON lines everywhere else.
      ...(options.logStream
        ? { stream: options.logStream }
        : process.stdout.isTTY && config.NODE_ENV !== 'test'
          ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
          : {}),
    },
    childLoggerFactory: requestLogger,
    // A request keeps the id a trusted proxy gave it when it is a plain token, so one id follows it through the
    // proxy's log and ours; otherwise it gets a new one. Every log line of the request carries it (reqId).
    genReqId: (request) => requestIdOf(request, trustProxy),
    trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: undefined,
    // A URL the router cannot read (a broken %-escape, an over-long parameter) is bad input like any other.
    frameworkErrors: (_error, request, reply) => {
      request.language = languageFromHeader(request.headers['accept-language']);
      return sendError(request, reply, 'validation', 'errors.validation');
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const startedAt = Date.now();
  const metrics = new Metrics();
  metrics.observeRequests(app);
  const shedding = loadShedding(metrics, {
    maxInFlight: config.MAX_IN_FLIGHT,
    retryAfterSeconds: config.RETRY_AFTER_SECONDS,
  });
  const securityHeaders = registerSecurityHeaders(app, securityHeaderOptions(config));
  registerFrontDoor(app, { metrics, setSecurityHeaders: securityHeaders.set, refused: shedding.refused });
  // First, so that every plugin context (the Swagger UI's too) answers with the error envelope.
  registerErrorHandling(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost'),
    }));
  metrics.observeDatabase(database.pool);
  const storage = await createStorage(config);
  // Under the start-up lock: of processes starting together on a fresh database, one seeds, the others see it done.
  if (config.SEED_DEMO) await database.exclusively(() => seedDemo(database.db, storage, app.log));
  // Secrets stored in clear by an older release (or an older backup restored) are sealed before anyone reads them.
  const sealed = await database.exclusively(() => sealStoredSecrets(database.db, config.SECRET));
  if (sealed > 0) app.log.info({ sealed }, 'stored secrets sealed');
  const jobs = await startJobs(database, config, app.log, { work: options.workJobs ?? true, metrics });
  // Searches take turns on a pool of their own, each statement with its timeout (decision 0074).
  const searchConcurrency = config.SEARCH_CONCURRENCY ?? (database.kind === 'pglite' ? 1 : 2);
  const searchPool = database.ownPool({
    connections: searchConcurrency,
    statementTimeoutMs: config.SEARCH_STATEMENT_TIMEOUT_MS,
  });
  const deps: Deps = {
    db: database.db,
    config,
    jobs,
    storage,
    search: boundedSearch(postgresSearch(searchPool.db), {
      running: searchConcurrency,
      waiting: config.SEARCH_QUEUE,
      waitMs: config.SEARCH_QUEUE_WAIT_MS,
      retryAfterSeconds: config.RETRY_AFTER_SECONDS,
      // One connection: a search starts when no other statement waits for it, and searches take at most half of its
      // time (PostgreSQL runs them side by side).
      othersWaiting: database.kind === 'pglite' ? () => database.pool().idle === 0 : undefined,
      restFactor: database.kind === 'pglite' ? 1 : 0,
    }),
    log: app.log,
    cache: new ReadCache(config.CACHE_TTL_MS),
    background: new BackgroundTasks(app.log),
  };

  await shedding.watchEventLoop(app, database.kind === 'postgres' ? config.MAX_EVENT_LOOP_DELAY_MS : 0);
  // Read by the request context's hook (plugins/context.ts), not by a hook of the plugin's own.
  await app.register(cookie, { hook: false });
  // On PostgreSQL every process counts in one table (several processes behind a proxy are one site); PGlite is
  // one process's alone, so memory counts there (decision 0015).
  const limits = rateLimitCounts(database.kind === 'postgres' ? database.executeSql : null, (error) =>
    app.log.warn({ err: error }, 'rate-limit counts not shared'),
  );
  // The routes' own limits (sign-in, payments, costly requests); the global one is ours (decision 0065).
  await app.register(rateLimit, {
    ...(limits.Store && { store: limits.Store }),
    global: false,
    // The counts travel only with a 429 (with Retry-After): on every other answer they were bytes nobody reads.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: rateLimited,
  });
  const globalLimit = registerGlobalRateLimit(app, {
    max: config.RATE_LIMIT_GLOBAL,
    windowMs: 60_000,
    counter: limits.global,
    // The web app's hashed files are read from disk and kept by browsers for a year: counting them would let one
    // page load spend dozens of a minute's requests, and readers behind one address (a campus, a hospital) would
    // get a blank page when a screen's script is refused. The limit guards the API and the pages; probes and scrapes
    // are the operator's (decision 0059).
    exempt: (request) => request.url.startsWith('/assets/') || isProbe(request.url),
  });
  // Every operation with its answers and errors (lib/openapi.ts), documented only: no reply is serialised by them.
  // The components are the zod schemas registered with an id (the error envelope, the recursive custom tabs).
  await app.register(swagger, {
    openapi: { info: { title: 'Journals platform API', version: '1.0.0' } },
    transform: documentingTransform,
    transformObject: documentingTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const sessions = new HeardCache<SessionRow[]>();
  let heard: () => void = () => {};
  const hearing = new Promise<void>((resolve) => (heard = resolve));
  const stopHearing = database.listen(
    CHANNELS.sessionCache,
    () => sessions.forget(),
    (ready) => {
      sessions.listening(ready);
      if (ready) heard();
    },
  );
  // The paper pages, the authors' and reviewers' dashboards and the editorial desk this process remembers (decisions
  // 0062–0064).
  const reads = [
    hearPaperPageChanges(database),
    hearAuthorDashboardChanges(database),
    hearReviewerDashboardChanges(database),
    hearEditorialDeskChanges(database),
  ];
  const stopHearingReads = reads.map((read) => read.stop);
  // Serving starts with every cache on (on PostgreSQL each channel is heard once a probe of its own came back on its
  // connection); should a listening connection not come, it serves without that cache (it retries).
  const heardInTime = await Promise.race([
    Promise.all([hearing, ...reads.map((read) => read.heard)]).then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000).unref()),
  ]);
  if (!heardInTime) {
    app.log.warn(
      'not hearing database notifications (LISTEN/NOTIFY): every request reads its session, and the pages this process remembers, until it does',
    );
  }

  registerRequestContext(app, deps.db, config, sessions);
  registerInputChecks(app);

  registerSystemRoutes(app, deps, { metrics, startedAt });
  registerJournalRoutes(app, deps);
  registerSpecializationRoutes(app, deps);
  registerReviewQuestionRoutes(app, deps);
  registerCustomTabRoutes(app, deps);
  registerOutboxRoutes(app, deps);
  registerMailTemplateRoutes(app, deps);
  registerBulkMailRoutes(app, deps);
  registerPlatformRoutes(app, deps, withdrawOpenInvitations);
  // Registration's fee is the payments feature's checkout, handed over here: features never import each other.
  registerAccountRoutes(app, deps, startRegistrationPayment);
  registerOrcidRoutes(app, deps, startRegistrationPayment);
  registerPaymentRoutes(app, deps);
  registerDoiRoutes(app, deps);
  registerNoticeRoutes(app, deps);
  registerPapersPdfRoutes(app, deps);
  registerSubmissionRoutes(app, deps);
  registerReviewingRoutes(app, deps);
  registerEditorialRoutes(app, deps);
  registerPaperLogRoutes(app, deps);
  registerHarvestingRoutes(app, deps);
  registerFullTextRoutes(app, deps);
  registerArchiveRoutes(app, deps);
  registerSearchRoutes(app, deps);
  registerUserRoutes(app, deps, withdrawOpenInvitations);
  registerImportRoutes(app, deps, database, options.workJobs ?? true);
  registerExportRoutes(app, deps, database, options.workJobs ?? true);
  // The features whose routes take files; the submission's and the reviewer's register theirs alike.
  withUploads(app, (uploads) => {
    registerJournalDataRoutes(uploads, deps);
    registerSlideRoutes(uploads, deps);
    registerDecisionRoutes(uploads, deps);
    registerIssueRoutes(uploads, deps);
    registerArchiveManagementRoutes(uploads, deps);
    registerCorrectionRoutes(uploads, deps);
  });

  registerWebApp(app, deps);

  const memoryLane = new MemoryLane({
    pathOf: (url) => publicReadAt(deps, url),
    cache: deps.cache,
    parseCookie: (header) => app.parseCookie(header),
    newCsrfCookie: () => app.serializeCookie(CSRF_COOKIE, newToken(), csrfCookieOptions(config)),
    admits: globalLimit.admits,
    overloaded: shedding.overloaded,
    apiHeaders: securityHeaders.api,
    trust: trustProxy,
    metrics,
    requestLog: logsEveryRequest(config.LOG_LEVEL) ? app.log : null,
  });
  app.addHook('preClose', (done) => {
    memoryLane.close();
    done();
  });
  lane = memoryLane;

  return {
    app,
    lane: memoryLane,
    metrics,
    deps,
    database,
    close: async (deadline?: number) => {
      // No new connection; the requests in flight finish (a request on a kept-alive connection meanwhile gets 503).
      await app.close();
      // What they started in the background, then the jobs: these may still queue mail.
      await deps.background.idle();
      await jobs.stop(deadline);
      await limits.stop();
      await stopHearing();
      for (const stopHearingRead of stopHearingReads) await stopHearingRead();
      await searchPool.close();
      // The heavy-work threads end with the process's work (an idle one would end after a minute anyway).
      await closeHeavyWork();
      await closeSheetThreads();
      if (!options.database) await database.close();
    },
  };
}

/** Helmet's settings for the security headers (plugins/security-headers.ts, decisions 0014 and 0018). */
function securityHeaderOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Asking browsers to upgrade, and HSTS below, only when the site is really served over https: on plain
        // http they would break every request of the page (decision 0014).
        upgradeInsecureRequests: isSecure(config) ? [] : null,
      },
    },
    hsts: isSecure(config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Isolated from any window that opens our pages, yet a page keeps the payment popup it opens; the payment's
    // outcome comes from our server, never from that popup (docs/decisions/0013-payment-outcome-from-server.md).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  };
}

/**
 * Serves the built SPA; any other non-API path gets index.html so the client router takes over. A path under a
 * journal gets it with the journal's bootstrap, title and language in it (features/journals/first-html.ts).
 */
/** The archive's answers an archive page's first HTML carries (the journals feature builds the page). */
function archiveAnswers(deps: Pick<Deps, 'db' | 'cache' | 'search'>): PageAnswers {
  const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/archive`;
  return async (slug, shape, language, guest, journal) => {
    switch (shape.kind) {
      case 'home':
        return [{ path: `${base(slug)}/home`, wire: await archiveHomeWire(deps, slug) }];
      case 'archive':
        return [{ path: base(slug), wire: await timelineWire(deps, slug) }];
      case 'issue':
        return [
          {
            path: `${base(slug)}/volumes/${shape.volume}/issues/${shape.issue}`,
            wire: await issueWire(deps, slug, shape.volume, shape.issue),
          },
        ];
      case 'paper': {
        const paper = {
          path: `${base(slug)}/papers/${shape.paperId}`,
          language,
          wire: await paperWire(deps, slug, shape.paperId, language),
        };
        // The full-text button reads the reader's access to this paper: a guest's is the journal's (only a signed-in
        // author reads an unpaid paper of their own).
        return guest
          ? [
              paper,
              { path: `${base(slug)}/access?paperId=${shape.paperId}`, wire: await guestAccessWire(deps, journal) },
            ]
          : [paper];
      }
      case 'search': {
        const answer = await searchWire(deps, slug, shape.criteria, language);
        if (!answer) return [];
        const found = { path: searchPath(slug, shape.criteria), language, wire: answer };
        // Each hit's full-text link reads the reader's access: a guest's is known here.
        return guest ? [found, { path: `${base(slug)}/access`, wire: await guestAccessWire(deps, journal) }] : [found];
      }
      default:
        return [];
    }
  };
}

function registerWebApp(app: FastifyInstance, { config, ...deps }: Deps) {
  const index = path.join(config.WEB_DIST, 'index.html');
  const pageFor = firstHtml(deps, index, config.PUBLIC_URL, archiveAnswers(deps));
  const built = existsSync(index);
  const assets = path.join(config.WEB_DIST, 'assets') + path.sep;
  // Asset names carry a hash of their content, so a name never changes content; index.html names the current
  // assets, so browsers revalidate it (ETag) on every load; other public files (favicon) keep their names.
  const cacheControlFor = (file: string) =>
    file.startsWith(assets)
      ? 'public, max-age=31536000, immutable'
      : file === index
        ? 'no-cache'
        : 'public, max-age=3600';
  if (built) {
    const common = {
      index: false as const,
      // The build writes .br and .gz beside each asset (scripts/compress-assets.mjs); the plugin picks one by
      // Accept-Encoding and sets Content-Encoding and Vary itself.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: { header: (name: string, value: string) => unknown }, file: string) =>
        reply.header('cache-control', cacheControlFor(file)),
    };
    // The hashed assets are looked up per request, so a rebuilt web app is served without a restart.
    app.register(fastifyStatic, {
      ...common,
      root: path.join(config.WEB_DIST, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      decorateReply: false,
    });
    // The files at the top (index.html, favicon, robots.txt) are a route each, found at start. Every other path
    // is a page of the web app, answered by the not-found handler below without looking on disk (a wildcard here
    // looked for the path, and its .br and .gz, on every page).
    app.register(fastifyStatic, {
      ...common,
      root: config.WEB_DIST,
      wildcard: false,
      // robots.txt is the harvesting feature's, made from the journals (a file of an older build is not served).
      globIgnore: ['assets/**', '**/*.br', '**/*.gz', 'robots.txt'],
    });
    // The landing page is the SPA too (the static plugin would answer the folder itself), compressed as any page.
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      ensureCsrfCookie(request, reply, config);
      return sendWire(request, reply, (await pageFor('/', false)).page);
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // A missing asset is a stale or mistyped name: answering index.html would hand the browser HTML as a script.
    const asset = request.url.startsWith('/assets/');
    if (request.url.startsWith('/api/') || asset || request.method !== 'GET' || !built) {
      return sendError(request, reply, 'notFound', 'errors.notFound');
    }
    // A known page whose object is missing or in press is a 404 to indexers too (features/journals/first-html.ts).
    const { page, status } = await pageFor(request.url, !request.cookies[SESSION_COOKIE]);
    ensureCsrfCookie(request, reply, config);
    return sendWire(request, reply.code(status), page);
  });
}
