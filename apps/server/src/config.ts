import path from 'node:path';
import { z } from 'zod';
import { parseFetchAllowPrivate, parseTrustProxy } from './config-addresses';
import { keptSecret } from './config-secret';
import { serverRoot } from './paths';

export { parseFetchAllowPrivate, parseTrustProxy };

/** Every setting, from the environment, parsed once (DESIGN §1). `.env.example` lists them. */
const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().default(3000),
    /** The address users reach the site at; every link in a mail is built from it, never from the request. */
    PUBLIC_URL: z.url().optional(),
    /** Empty: embedded PGlite under DATA_DIR. Otherwise a postgres:// URL. */
    DATABASE_URL: z.string().optional(),
    DATA_DIR: z.string().default('./data'),
    /**
     * Signs captcha challenges, ORCID tickets, trusted-device cookies and invitation links. Unset: made once and
     * kept in DATA_DIR/secret, so a restart keeps every mailed link alive. Required in production.
     */
    SECRET: z.string().min(16).optional(),
    SMTP_URL: z.string().optional(),
    /**
     * Seconds before the first retry of a failed mail; each next retry waits twice as long. 0 retries at once, without
     * waits (the browser tests: a refused mail fails in about 3 s, not after 15–30 s).
     */
    MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().nonnegative().default(5),
    /**
     * How often a worker looks for mail whose job was lost (a worker killed in a batch, a crash before queueing): a
     * pending mail overdue by more than this is queued again, and a row a gone worker held is taken back (decision
     * 0069).
     */
    MAIL_RECOVERY_SECONDS: z.coerce.number().positive().default(60),
    /**
     * How long an import's pass holds its import without a sign of life (every record renews it), and an export's
     * job its export (renewed every second of writing): a process killed in the middle lets go after this, and the
     * sweep (as often, at most every 30 s) takes the import up again after its last committed record (decision
     * 0076), or makes the export again from the start (decisions 0082, 0084).
     */
    IMPORT_LEASE_SECONDS: z.coerce.number().int().positive().default(60),
    /**
     * How often the housekeeping job deletes what has expired (sessions, links, sign-in failures, rate-limit
     * windows) and folds the desk's kept counts (decision 0060): once per period across all processes (decision
     * 0015).
     */
    HOUSEKEEPING_PERIOD_SECONDS: z.coerce.number().positive().default(600),
    /**
     * How often the reminders job looks for reminders that fell due (unanswered invitations, reviews due soon, due
     * and late, revisions due, papers with no reviewer; decision 0023): once per period across all processes. Each
     * reminder is sent once whatever the period; a shorter one only sends it sooner after its day begins.
     */
    REMINDERS_PERIOD_SECONDS: z.coerce.number().positive().default(3600),
    /**
     * How long a stop (SIGTERM, SIGINT) may take: the requests in flight finish, the jobs in hand finish or go back
     * to the queue, then the database closes. Past it, the remaining connections are cut and the process exits 1.
     */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
    /** Web processes also run the job consumers; `false` when `npm run worker` processes run them instead. */
    RUN_JOBS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    MAIL_FROM: z.string().default('Journals Platform <no-reply@journals.local>'),
    /** Where uploaded files go: `local` (a folder under DATA_DIR) or `s3` (any S3-compatible service). */
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    /** For MinIO and other S3-compatible services; empty = AWS S3 of S3_REGION. */
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(1).optional(),
    /** Both or neither; neither = the SDK's own chain (AWS_* variables, instance role, …). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** `bucket` in the path instead of the host name; defaults to true when S3_ENDPOINT is set. */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
    /** Prepended to every key, e.g. `journals/` to share a bucket. */
    S3_PREFIX: z.string().optional(),
    /**
     * Crossref's two systems (issue 46 §1, decision 0086): the operator's settings, never a journal's, so that no
     * journal can point the server elsewhere. A journal's settings only choose which of the two it deposits to.
     */
    CROSSREF_TEST_URL: z.url().default('https://test.crossref.org'),
    CROSSREF_PRODUCTION_URL: z.url().default('https://doi.crossref.org'),
    /** How long one call to Crossref may take before it counts as a network failure (tried again). */
    CROSSREF_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
    /** How long after a deposit its result is first asked for, and between askings. */
    CROSSREF_POLL_SECONDS: z.coerce.number().nonnegative().default(60),
    /** How often a process that works jobs looks for deposits that are due (sent again, or their result asked). */
    CROSSREF_SWEEP_SECONDS: z.coerce.number().positive().default(30),
    ORCID_BASE_URL: z.url().default('https://sandbox.orcid.org'),
    ORCID_CLIENT_ID: z.string().default('APP-DEMO'),
    ORCID_CLIENT_SECRET: z.string().default('demo-secret'),
    /** How long public journal reads (the journal row, home, tabs, landing) are cached in-process; 0 = off. */
    CACHE_TTL_MS: z.coerce.number().int().min(0).default(2_000),
    /**
     * How long a journal's editorial statistics (issue 10 §4) are kept once computed: one aggregate over the
     * journal's papers, logs and invitations (0.4 s on 100,000 papers), not worth redoing for every visitor.
     */
    STATISTICS_TTL_MS: z.coerce.number().int().min(0).default(600_000),
    CAPTCHA_COST: z.coerce.number().int().positive().default(5_000),
    /**
     * Which proxies' X-Forwarded-For to believe (decision 0014): unset or `false` = none (the client's own
     * address counts), a hop count (`1` behind one load balancer), or a comma-separated list of the proxies'
     * addresses and CIDR ranges (`loopback`, `linklocal`, `uniquelocal` name those ranges). Never `true`: any
     * client could then claim any address and walk around every rate limit.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, context) => {
        const parsed = parseTrustProxy(value);
        if (parsed === null) {
          context.addIssue({
            code: 'custom',
            message:
              'TRUST_PROXY takes false, a hop count (e.g. 1) or a comma-separated list of proxy addresses and CIDR ranges; true would trust any client',
          });
          return z.NEVER;
        }
        return parsed;
      }),
    RATE_LIMIT_AUTH: z.coerce.number().int().positive().default(20),
    RATE_LIMIT_GLOBAL: z.coerce.number().int().positive().default(1_000),
    /** Requests that send mail to staff or render a PDF: each costs far more than a read. */
    RATE_LIMIT_COSTLY: z.coerce.number().int().positive().default(10),
    /**
     * Opens `/metrics` (Prometheus text) to a scraper that sends `Authorization: Bearer <token>`; unset, the route
     * answers 404 to everyone (decision 0059). At least 16 characters.
     */
    METRICS_TOKEN: z.string().min(16).optional(),
    /**
     * Where `npm run worker` serves its own /metrics (mails delivered, reminders sent, job runs), to the same token;
     * unset, it serves none. The web processes serve /metrics on PORT.
     */
    METRICS_PORT: z.coerce.number().int().positive().optional(),
    /**
     * Requests one process answers at once before it sheds the next ones with 503 and Retry-After (issue 23 §5):
     * past it a request would only queue behind the others (the database pool has 10 connections) and wait seconds.
     */
    MAX_IN_FLIGHT: z.coerce.number().int().positive().default(200),
    /**
     * On PostgreSQL, an event loop late by more than this many milliseconds sheds requests with 503 (a process that
     * would answer every request late); 0 never does. The embedded database never sheds for it (lib/load-shedding).
     */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().nonnegative().default(1000),
    /** A request that found MAX_IN_FLIGHT requests ahead is told to come back after this many seconds. */
    RETRY_AFTER_SECONDS: z.coerce.number().int().positive().default(2),
    /**
     * Archive searches one process runs at once (decision 0074); the next ones wait in line. Unset: 1 on the embedded
     * database (one connection: a second search would only wait there, ahead of everyone else's statements), 2 on
     * PostgreSQL (the searches' own pool of that many connections, beside the main pool's 10): raise it with the
     * database server's cores.
     */
    SEARCH_CONCURRENCY: z.coerce.number().int().positive().optional(),
    /** Searches waiting for a turn at most; one more is told at once that search is busy (503, Retry-After). */
    SEARCH_QUEUE: z.coerce.number().int().nonnegative().default(16),
    /** The most a search waits in line for its turn, in milliseconds; past it, it is told search is busy. */
    SEARCH_QUEUE_WAIT_MS: z.coerce.number().int().positive().default(3_000),
    /**
     * On PostgreSQL, a search statement running longer than this many milliseconds is ended, and the reader told the
     * search is too broad (400); 0 never ends one. The embedded database cannot interrupt a statement (decision 0074).
     */
    SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().nonnegative().default(3_000),
    /**
     * Addresses the server may fetch on someone's behalf (an OAI-PMH harvest, its PDFs; decision 0079) besides public
     * ones: `false` (none: private, loopback, link-local, multicast and unspecified addresses are refused), `true` (any)
     * or a comma-separated list of addresses and CIDR ranges (an in-house repository at `10.0.4.7`).
     */
    FETCH_ALLOW_PRIVATE: z
      .string()
      .optional()
      .transform((value, context) => {
        const parsed = parseFetchAllowPrivate(value);
        if (parsed === null) {
          context.addIssue({
            code: 'custom',
            message: 'FETCH_ALLOW_PRIVATE takes false, true or a comma-separated list of addresses and CIDR ranges',
          });
          return z.NEVER;
        }
        return parsed;
      }),
    /** The longest one fetch on someone's behalf may take, redirects and body included, in seconds. */
    FETCH_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
    /** The most one fetched answer (an OAI-PMH page, a PDF) may weigh, in MB; past it the reading stops. */
    FETCH_MAX_MB: z.coerce.number().positive().default(100),
    /** The built-in sandbox gateway: on by default, off in production unless asked for (anyone can "pay" there). */
    PAYMENT_SANDBOX: z.enum(['true', 'false']).optional(),
    /** Where payers reach the sandbox gateway's hosted page; PUBLIC_URL when unset (another origin plays a real gateway). */
    PAYMENT_SANDBOX_URL: z.url().optional(),
    SEED_DEMO: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().default(path.resolve(serverRoot, '../web/dist')),
  })
  .superRefine((env, context) => {
    // A secret kept in one machine's folder is not a production site's: its processes must share one.
    if (env.NODE_ENV === 'production' && !env.SECRET)
      context.addIssue({
        code: 'custom',
        path: ['SECRET'],
        message:
          'SECRET is required when NODE_ENV=production: set a long random value (e.g. `openssl rand -hex 32`), the same in every process',
      });
    // Checked at start, so a misconfigured storage never waits for the first upload to fail.
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET)
      context.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_BUCKET is required when STORAGE_DRIVER=s3',
      });
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
      context.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
      });
  });

export type Config = Omit<z.infer<typeof schema>, 'PAYMENT_SANDBOX'> & {
  SECRET: string;
  PUBLIC_URL: string;
  S3_FORCE_PATH_STYLE: boolean;
  PAYMENT_SANDBOX: boolean;
  PAYMENT_SANDBOX_URL: string;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  const publicUrl = parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`;
  return {
    ...parsed.data,
    PUBLIC_URL: publicUrl,
    PAYMENT_SANDBOX_URL: parsed.data.PAYMENT_SANDBOX_URL ?? publicUrl,
    SECRET: parsed.data.SECRET ?? keptSecret(parsed.data.DATA_DIR),
    S3_FORCE_PATH_STYLE: parsed.data.S3_FORCE_PATH_STYLE ?? parsed.data.S3_ENDPOINT !== undefined,
    PAYMENT_SANDBOX:
      (parsed.data.PAYMENT_SANDBOX ?? (parsed.data.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
  };
}
