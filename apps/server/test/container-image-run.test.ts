import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../src/paths';

/**
 * The image built from the Dockerfile and run (issue 44 §4, decision 0075): with podman, on PostgreSQL, as a user
 * other than root, its worker delivering a mail; and on the embedded database. The image is tagged with a hash of
 * what the build reads, so a second run with the same sources reuses it. `npm test` runs it as a step of its own
 * (scripts/test.mjs: it makes the base image where it can, then runs this file with CONTAINER_TEST=1, when the
 * build never skips); its API step passes CONTAINER_TEST=0 so that the file is not run twice. Run alone with neither,
 * it runs whenever podman and the base image are here (building the image of these sources if needed), and
 * otherwise is skipped with the commands that run it.
 */

const root = path.resolve(serverRoot, '../..');
const ENGINE = 'podman';
const BASE_IMAGE = process.env.CONTAINER_BASE_IMAGE ?? 'localhost/node-trixie:20';
const WANTED = process.env.CONTAINER_TEST === '1';
const OFF = process.env.CONTAINER_TEST === '0';
const HOW =
  'sh scripts/container-base.sh (as root: installs podman, runc and debootstrap, makes the base image from ' +
  "Debian's packages), then CONTAINER_TEST=1 npx vitest run apps/server/test/container-image-run.test.ts " +
  '(builds the image, about 2 to 7 minutes the first time)';
// podman's settings for this kind of machine, unless the caller has its own (scripts/podman-containers.conf).
const podmanEnv = {
  ...process.env,
  CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? path.join(root, 'scripts/podman-containers.conf'),
};
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = 'a-secret-for-the-image-test-0123456789';
const MAIL_FROM = 'Journals Platform <no-reply@image.test>';
const suffix = `${process.pid}-${Date.now().toString(36)}`;
const DATABASE = `journals_image_${suffix.replace(/-/g, '_')}`;
const containers = {
  web: `journals-web-${suffix}`,
  worker: `journals-worker-${suffix}`,
  embedded: `journals-embedded-${suffix}`,
};

function run(args: string[], timeout: number): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(ENGINE, args, { timeout, maxBuffer: 64 * 1024 * 1024, env: podmanEnv }, (error, stdout, stderr) =>
      resolve({ ok: !error, output: `${stdout}${stderr}`.trim() || String(error?.message ?? '') }),
    );
  });
}

/** The files of the build context: those git knows or would (less .dockerignore's top-level folders), read once. */
async function contextFiles(): Promise<{ file: string; content: Buffer; mode: number }[]> {
  const listed = await new Promise<string[]>((resolve, reject) =>
    execFile(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(stdout.split('\0').filter(Boolean))),
    ),
  );
  const ignoredRoots = ['.git/', '.ci/', 'tmp/', 'test-results/', 'playwright-report/', 'bench-results/', 'backups/'];
  return listed
    .sort()
    .filter((file) => !ignoredRoots.some((prefix) => file.startsWith(prefix)) && existsSync(path.join(root, file)))
    .map((file) => ({
      file,
      content: readFileSync(path.join(root, file)),
      mode: statSync(path.join(root, file)).mode,
    }));
}

type Files = Awaited<ReturnType<typeof contextFiles>>;

/** A hash of what the build reads: the context's files, the base image's id and the build arguments. */
function inputsHash(files: Files, baseImageId: string, buildArgs: string[]) {
  const hash = createHash('sha256').update(`${baseImageId}\n${buildArgs.join('\n')}\n`);
  for (const { file, content } of files) hash.update(`${file}\0`).update(content).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** Why the image cannot be had here (null: it can), and its tag. */
async function prepare(): Promise<{ skip: string | null; image: string; build: boolean; context: Files }> {
  const none = (skip: string) => ({ skip, image: '', build: false, context: [] });
  if (OFF) return none("CONTAINER_TEST=0: npm test runs this file in its own step (scripts/test.mjs, 'container')");
  if (!(await run(['--version'], 10_000)).ok) return none(`podman is not installed: ${HOW}`);
  const base = await run(['image', 'inspect', '--format', '{{.Id}}', BASE_IMAGE], 10_000);
  if (!base.ok) return none(`the base image ${BASE_IMAGE} is not in podman: ${HOW}`);
  const buildArgs = [`NODE_IMAGE=${BASE_IMAGE}`, 'PDF=false'];
  const context = await contextFiles();
  const image = `localhost/journals-platform:test-${inputsHash(context, base.output, buildArgs)}`;
  if ((await run(['image', 'exists', image], 10_000)).ok) return { skip: null, image, build: false, context };
  return { skip: null, image, build: true, context };
}

/** Builds from a copy of exactly the hashed files: others editing the tree meanwhile change neither. */
async function build(image: string, context: Files) {
  const started = Date.now();
  const copy = mkdtempSync(path.join(tmpdir(), 'journals-image-context-'));
  for (const { file, content, mode } of context) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    writeFileSync(path.join(copy, file), content, { mode });
  }
  // PDF=false: nothing here needs Chromium. Host network: the build's npm ci reaches the registry as this machine.
  // This machine's npm cache (filled by its own npm ci) is lent to the build's as an overlay: the build's npm ci
  // finds the same tarballs there instead of fetching them again, its writes (and the image's `npm cache clean`)
  // land in a throwaway layer, and nothing of it enters the image.
  const args = ['build', '--format', 'docker', '--network=host', '--build-arg', `NODE_IMAGE=${BASE_IMAGE}`];
  const npmCache = path.join(homedir(), '.npm');
  if (existsSync(npmCache)) args.push('--volume', `${npmCache}:/root/.npm:O`);
  const built = await run([...args, '--build-arg', 'PDF=false', '-t', image, copy], 25 * 60_000);
  rmSync(copy, { recursive: true, force: true });
  expect(built.ok, built.output.slice(-6_000)).toBe(true);
  console.info(`container image ${image} built in ${Math.round((Date.now() - started) / 1000)} s`);
  // The images of earlier sources are dropped (their layers shared with this one stay).
  const older = await run(['images', '--format', '{{.Repository}}:{{.Tag}}', 'localhost/journals-platform'], 30_000);
  for (const name of older.output.split('\n').filter((line) => /:test-[0-9a-f]{16}$/.test(line) && line !== image))
    await run(['rmi', name], 60_000);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, log?: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const logs = log ? (await run(['logs', log], 30_000)).output.slice(-4_000) : '';
      throw new Error(`no ${what} within ${timeoutMs / 1000} s${log ? `; the container's log:\n${logs}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function startContainer(name: string, image: string, env: Record<string, string>, command: string[] = []) {
  const envArgs = Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
  const started = await run(
    ['run', '--detach', '--name', name, '--network=host', ...envArgs, image, ...command],
    60_000,
  );
  expect(started.ok, started.output).toBe(true);
}

const ready = (port: number, container: string) =>
  waitFor(
    '200 from /readyz',
    () =>
      fetch(`http://127.0.0.1:${port}/readyz`).then(
        async (answer) => (answer.status === 200 ? ((await answer.json()) as { status: string }) : undefined),
        () => undefined,
      ),
    120_000,
    container,
  );

/** SIGTERM, then the process's exit code (0: it stopped without losing work, decision 0058). */
async function stopped(container: string) {
  const stop = await run(['stop', '--time', '30', container], 60_000);
  expect(stop.ok, stop.output).toBe(true);
  const exit = await run(['inspect', '--format', '{{.State.ExitCode}}', container], 30_000);
  return exit.output;
}

/** The user ids (real, effective, saved, file system) of the container's first process: the server itself. */
async function uidsOfProcessOne(container: string) {
  const status = await run(['exec', container, 'cat', '/proc/1/status'], 30_000);
  expect(status.ok, status.output).toBe(true);
  return /^Uid:\s+(.*)$/m.exec(status.output)?.[1]?.trim().split(/\s+/);
}

describe('the container image, built and run', () => {
  let state: Awaited<ReturnType<typeof prepare>> = { skip: 'not prepared', image: '', build: false, context: [] };
  let databaseMade = false;
  const received: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });

  beforeAll(async () => {
    state = await prepare();
    // Asked for by name, the test does not skip: a machine that cannot build the image fails it.
    if (WANTED) expect(state.skip, 'CONTAINER_TEST=1 but the image cannot be built here').toBeNull();
    if (state.build) await build(state.image, state.context);
  }, 30 * 60_000);

  afterAll(async () => {
    for (const name of Object.values(containers)) await run(['rm', '--force', '--ignore', name], 60_000);
    if (smtp.server.listening) await new Promise<void>((resolve) => smtp.close(() => resolve()));
    if (databaseMade) await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }, 120_000);

  async function admin(statement: string) {
    const client = new pg.Client({ connectionString: SERVER_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  it(
    'on PostgreSQL: answers /readyz as a user other than root, and its worker sends the mail the web asked for',
    async (context) => {
      if (state.skip) context.skip(state.skip);
      await admin(`CREATE DATABASE ${DATABASE}`);
      databaseMade = true;
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const port = await freePort();
      const env = {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SECRET,
        DATABASE_URL: SERVER_URL.replace(/\/[^/]*$/, `/${DATABASE}`),
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        MAIL_FROM,
        SEED_DEMO: 'true',
      };
      // As compose.yaml runs them: the web process without the job consumers, the worker with them.
      await startContainer(containers.web, state.image, { ...env, RUN_JOBS: 'false' });
      expect(await ready(port, containers.web)).toMatchObject({ status: 'ready' });
      const uids = await uidsOfProcessOne(containers.web);
      expect(uids).toHaveLength(4);
      for (const uid of uids!) expect(uid).not.toBe('0');

      // A demo account asks for a new password, as the browser does (the csrf cookie repeated in a header, a solved
      // captcha); the web process writes the mail to the outbox and sends nothing.
      const page = await fetch(`http://127.0.0.1:${port}/api/journals/general/me`);
      const cookies = page.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
      const csrf = cookies.find((cookie) => cookie.startsWith('csrf='))?.slice('csrf='.length);
      expect(csrf, 'the csrf cookie').toBeTruthy();
      const challenge = (await (await fetch(`http://127.0.0.1:${port}/api/captcha`)).json()) as Parameters<
        typeof solveChallenge
      >[0]['challenge'];
      const solution = await solveChallenge({ challenge, deriveKey });
      const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      const asked = await fetch(`http://127.0.0.1:${port}/api/journals/general/auth/forgot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-csrf-token': csrf! },
        body: JSON.stringify({ email: 'researcher@general.test', captcha }),
      });
      expect(asked.status, await asked.clone().text()).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(received, 'a mail sent before the worker started').toEqual([]);

      await startContainer(containers.worker, state.image, env, [
        'node',
        '--enable-source-maps',
        'apps/server/dist/worker.js',
      ]);
      const mail = await waitFor(
        'password-reset mail at the SMTP server',
        async () => received.find((message) => message.to.includes('researcher@general.test')),
        90_000,
        containers.worker,
      );
      expect(mail.raw).toMatch(/^From: .*no-reply@image\.test/im);
      const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(unfolded).toContain(`http://127.0.0.1:${port}/general/recover?code=`);

      expect(await stopped(containers.worker), 'the worker exit code after SIGTERM').toBe('0');
      expect(await stopped(containers.web), 'the web exit code after SIGTERM').toBe('0');
    },
    5 * 60_000,
  );

  it(
    'on the embedded database: answers /readyz as a user other than root, and stops on SIGTERM',
    async (context) => {
      if (state.skip) context.skip(state.skip);
      const port = await freePort();
      await startContainer(containers.embedded, state.image, { PORT: String(port), HOST: '127.0.0.1', SECRET });
      expect(await ready(port, containers.embedded)).toMatchObject({ status: 'ready' });
      for (const uid of (await uidsOfProcessOne(containers.embedded)) ?? ['none']) expect(uid).toMatch(/^[1-9]\d*$/);
      expect(await stopped(containers.embedded), 'the server exit code after SIGTERM').toBe('0');
    },
    5 * 60_000,
  );
});
