import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { MIGRATIONS_FOLDER } from '../src/db/migrations';
import { serverRoot } from '../src/paths';

/**
 * The container image and the compose file (issue 23 §6, docs/operations.md). The first part always runs: the
 * Dockerfile, compose.yaml and the operator's guide agree with the code (every variable they set is one config.ts
 * knows, the image holds every folder the server reads, every documented variable exists and every variable is
 * documented). The last test builds the image and starts it where the machine can (podman and the base image);
 * where it cannot it is skipped, and the skip says why, in a second or two.
 */

const root = path.resolve(serverRoot, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');

// ---- compose.yaml: the few shapes it uses (mappings, one anchor, one merge), read without a YAML library -------

type Mapping = Map<string, string>;
const meaningful = (line: string) => line.trim() !== '' && !line.trim().startsWith('#');
const indentOf = (line: string) => line.length - line.trimStart().length;

/** The lines under the line at `index` that are indented deeper than it (its block). */
function blockUnder(lines: string[], index: number): string[] {
  const indent = indentOf(lines[index]!);
  const block: string[] = [];
  for (const line of lines.slice(index + 1)) {
    if (meaningful(line) && indentOf(line) <= indent) break;
    block.push(line);
  }
  return block;
}

/** A block's `key: value` lines at its first indent, as strings (quotes dropped; nested blocks read as ''). */
function mappingOf(block: string[]): Mapping {
  const lines = block.filter(meaningful);
  const indent = lines.length > 0 ? indentOf(lines[0]!) : 0;
  const mapping: Mapping = new Map();
  for (const line of lines) {
    if (indentOf(line) !== indent) continue;
    const match = /^\s*([^:\s]+):\s*(.*)$/.exec(line);
    if (!match) throw new Error(`compose.yaml: cannot read the line ${JSON.stringify(line)}`);
    mapping.set(match[1]!, match[2]!.replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1'));
  }
  return mapping;
}

const composeLines = compose.split('\n');
const lineIndex = (pattern: RegExp, from = 0, indent?: number) => {
  const found = composeLines.findIndex(
    (line, i) => i >= from && pattern.test(line) && (indent === undefined || indentOf(line) === indent),
  );
  if (found < 0) throw new Error(`compose.yaml has no line ${pattern}`);
  return found;
};
const anchorLine = lineIndex(/^x-app-environment: &app-environment\s*$/);
const sharedEnvironment = mappingOf(blockUnder(composeLines, anchorLine));
const servicesLine = lineIndex(/^services:\s*$/);
const serviceNames = [...mappingOf(blockUnder(composeLines, servicesLine)).keys()];

/** A service's environment: the shared anchor (`*app-environment`, or merged with `<<:`) and its own keys. */
function environmentOf(service: string): Mapping {
  const start = lineIndex(new RegExp(`^  ${service}:\\s*$`), servicesLine, 2);
  const block = blockUnder(composeLines, start);
  const at = block.findIndex((line) => /^ {4}environment:/.test(line));
  if (at < 0) return new Map();
  if (/environment:\s*\*app-environment\s*$/.test(block[at]!)) return new Map(sharedEnvironment);
  const own = mappingOf(blockUnder(block, at));
  const merged: Mapping = own.get('<<') === '*app-environment' ? new Map(sharedEnvironment) : new Map();
  for (const [key, value] of own) if (key !== '<<') merged.set(key, value);
  return merged;
}

/** `${NAME:-default}` as compose reads it with NAME unset; `${NAME:?message}` (required) as a valid stand-in. */
function interpolated(value: string): string {
  return value.replace(/\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (_whole, _name: string, kind?: string, rest?: string) =>
    kind === '-' ? (rest ?? '') : kind === '?' ? 'a-stand-in-value-of-32-characters' : '',
  );
}

// ---- config.ts: the variables its schema names, read from its source ---------------------------------------------

/** The keys of the `z.object({...})` that `const schema` is built from in src/config.ts. */
function schemaKeys(): string[] {
  const file = path.join(serverRoot, 'src/config.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  let keys: string[] | undefined;
  const visit = (node: ts.Node): void => {
    if (keys) return;
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'object' &&
      node.expression.expression.getText() === 'z' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      keys = node.arguments[0].properties.map((property) => property.name!.getText());
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, (node) => {
    if (ts.isVariableStatement(node))
      for (const declaration of node.declarationList.declarations)
        if (declaration.name.getText() === 'schema' && declaration.initializer) visit(declaration.initializer);
  });
  if (!keys) throw new Error('src/config.ts: no `const schema = z.object({...})` found');
  return keys;
}

/** Every variable of a Dockerfile's ENV lines (`ENV KEY=value ...`). */
const dockerfileEnvironment = new Map(
  [...dockerfile.matchAll(/^ENV\s+(.+)$/gm)].flatMap((line) =>
    line[1]!.split(/\s+/).map((pair) => pair.split('=', 2) as [string, string]),
  ),
);

/** The runtime stage's copies from the build stage: [source under /app, destination]. */
const copiesFromBuild = [...dockerfile.matchAll(/^COPY --from=build \/app\/(\S+) (\S+)$/gm)].map(
  (match) => [match[1]!, match[2]!] as const,
);
const copiedFromBuild = copiesFromBuild.map(([source]) => source);
/** What `npm run build` writes (ignored by git, absent from the build context): the web app and the server bundle. */
const BUILD_OUTPUTS = ['apps/web/dist', 'apps/server/dist'];
/** The bundle's entries (scripts/build-server.mjs) that the image, compose.yaml and the guide run. */
const ENTRIES = ['server', 'worker', 'migrate', 'backup', 'restore'];

describe('the Dockerfile and compose.yaml agree with the code', () => {
  it('sets only variables that config.ts knows, with values it accepts', () => {
    const known = new Set(schemaKeys());
    expect(
      [...dockerfileEnvironment.keys()].filter((key) => !known.has(key)),
      'Dockerfile ENV',
    ).toEqual([]);
    for (const service of ['app', 'worker']) {
      const environment = environmentOf(service);
      expect(environment.size, `${service} has an environment`).toBeGreaterThan(5);
      expect(
        [...environment.keys()].filter((key) => !known.has(key)),
        `variables of ${service} that config.ts does not know`,
      ).toEqual([]);
      const values = Object.fromEntries([...environment].map(([key, value]) => [key, interpolated(value)]));
      const config = loadConfig({ ...Object.fromEntries(dockerfileEnvironment), ...values });
      expect(config.NODE_ENV).toBe('production');
      expect(config.STORAGE_DRIVER).toBe('s3');
      expect(config.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(config.SEED_DEMO, 'the demo is opt-in').toBe(false);
      expect(config.RUN_JOBS, 'the app leaves the jobs to the worker').toBe(service === 'worker');
    }
  });

  it('wires the services the guide describes: PostgreSQL, the bucket, the SMTP catcher and the worker', () => {
    expect(serviceNames).toEqual(expect.arrayContaining(['app', 'worker', 'postgres', 'minio', 'bucket', 'mailpit']));
    const app = environmentOf('app');
    const host = (url: string) => new URL(interpolated(url)).hostname;
    expect(serviceNames).toContain(host(app.get('DATABASE_URL')!));
    expect(serviceNames).toContain(host(app.get('S3_ENDPOINT')!));
    expect(serviceNames).toContain(host(app.get('SMTP_URL')!));
    expect(compose).toContain("command: ['node', '--enable-source-maps', 'apps/server/dist/worker.js']");
    // The image's check asks /readyz over HTTP, which the worker does not serve.
    const worker = blockUnder(composeLines, lineIndex(/^ {2}worker:\s*$/, servicesLine)).join('\n');
    expect(worker).toMatch(/healthcheck:\s*\n\s*disable: true/);
  });

  it('copies into the image every folder the server reads at run time, and each exists or is built', () => {
    for (const [source, destination] of copiesFromBuild) expect(destination, source).toBe(source);
    const relative = (folder: string) => path.relative(root, folder).split(path.sep).join('/');
    const dataDir = path.join(root, 'data');
    const web = loadConfig({ DATA_DIR: dataDir, SECRET: 'a-stand-in-value-of-32-characters' }).WEB_DIST;
    expect(copiedFromBuild).toEqual(
      expect.arrayContaining([
        relative(path.join(serverRoot, 'dist')),
        relative(MIGRATIONS_FOLDER),
        relative(path.join(serverRoot, 'assets')),
        relative(web),
      ]),
    );
    for (const folder of copiedFromBuild)
      if (!BUILD_OUTPUTS.includes(folder)) expect(existsSync(path.join(root, folder)), folder).toBe(true);
    expect(existsSync(path.join(serverRoot, 'assets/manual.pdf'))).toBe(true);
    // The bundle's entries: built by scripts/build-server.mjs from src/<entry>.ts; the image starts server.js.
    const builder = read('scripts/build-server.mjs');
    for (const entry of ENTRIES) {
      expect(existsSync(path.join(serverRoot, 'src', `${entry}.ts`)), entry).toBe(true);
      expect(builder).toContain(`'${entry}'`);
    }
    expect(dockerfile).toContain('CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]');
    expect(read('apps/web/package.json')).toMatch(/"build": "vite build/);
  });

  it('builds from a context that holds every source, with every workspace manifest for npm ci', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('!'))
      .map((pattern) => pattern.replace(/^\*\*\//, ''));
    const needed = [
      'package.json',
      'package-lock.json',
      'scripts/build-server.mjs',
      'scripts/compress-assets.mjs',
      'packages/core/src',
      'apps/server/src',
      'apps/server/drizzle',
      'apps/server/assets',
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'tsconfig.base.json',
    ];
    for (const file of needed) {
      expect(existsSync(path.join(root, file)), file).toBe(true);
      const segments = file.split('/');
      const excludedBy = ignored.filter((pattern) =>
        segments.some((_segment, i) => segments.slice(i).join('/').startsWith(pattern.replace(/\/$/, ''))),
      );
      expect(excludedBy, `.dockerignore keeps ${file} out of the build`).toEqual([]);
    }
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', '.git', '.env']));
    // npm ci reads the manifest of every workspace the lock file names: both stages copy each one.
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(path.join(root, pattern.slice(0, -2)))
            .map((name) => `${pattern.slice(0, -2)}/${name}`)
            .filter((folder) => existsSync(path.join(root, folder, 'package.json')))
        : [pattern],
    );
    expect(workspaces.length).toBeGreaterThanOrEqual(4);
    for (const workspace of workspaces)
      expect(
        dockerfile.match(new RegExp(`^COPY ${workspace}/package.json ${workspace}/$`, 'gm')),
        `${workspace}/package.json in both stages`,
      ).toHaveLength(2);
  });

  it('runs as a user other than root, with a health check on /readyz, from the stated base image', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(dockerfile.match(/^FROM \$\{NODE_IMAGE\} AS (\w+)$/gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^EXPOSE 3000$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [^]*\/readyz/m);
    expect(dockerfileEnvironment.get('NODE_ENV')).toBe('production');
  });
});

describe('the operator guide', () => {
  const guide = read('docs/operations.md');
  /** The variables named in the first column of the guide's configuration table. */
  const documented = new Set(
    guide
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!)),
  );

  it('has a row for every variable config.ts knows, and names none it does not', () => {
    const known = schemaKeys();
    expect(
      known.filter((key) => !documented.has(key)),
      'variables missing from the table',
    ).toEqual([]);
    expect(
      [...documented].filter((key) => !known.includes(key)),
      'table rows config.ts does not know',
    ).toEqual([]);
  });

  it('is linked from the README', () => {
    expect(read('README.md')).toContain('](docs/operations.md)');
  });
});

// ---- the image itself, where the machine can build and run it ---------------------------------------------------

const ENGINE = 'podman';
/** Another base image of the same shape (Debian 12 with Node 20 under /usr/local) may stand in for the official one. */
const BASE_IMAGE = process.env.CONTAINER_BASE_IMAGE ?? 'docker.io/library/node:20-bookworm-slim';
const IMAGE = `localhost/journals-platform:test-${process.pid}`;
const CONTAINER = `journals-image-test-${process.pid}`;

function run(command: string, args: string[], timeout: number): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ ok: !error, output: `${stdout}${stderr}`.trim() || String(error?.message ?? '') }),
    );
  });
}
const firstLine = (text: string) => text.split('\n').find((line) => line.trim() !== '') ?? text;

/** Why this machine cannot build and start the image, or null when it can (checked in a second or two). */
async function whyNoImage(): Promise<string | null> {
  const engine = await run(ENGINE, ['--version'], 5_000);
  if (!engine.ok) {
    const buildah = await run('buildah', ['--version'], 5_000);
    return buildah.ok
      ? 'buildah is installed but not podman: buildah builds the image but cannot run it (apt-get install podman)'
      : 'podman is not installed (Debian: apt-get install podman)';
  }
  if (!(await run(ENGINE, ['image', 'exists', BASE_IMAGE], 5_000)).ok) {
    const pull = await run(ENGINE, ['pull', '--quiet', BASE_IMAGE], 10_000);
    if (!pull.ok)
      return (
        `the base image ${BASE_IMAGE} is not on this machine and cannot be pulled: ${firstLine(pull.output)} ` +
        "(a machine that reaches only the npm registry and Debian's packages cannot fetch it; " +
        'CONTAINER_BASE_IMAGE may name a local image of the same shape instead)'
      );
  }
  const probe = await run(ENGINE, ['run', '--rm', '--network=host', BASE_IMAGE, 'node', '--version'], 30_000);
  if (!probe.ok) return `podman cannot run a container on this machine: ${firstLine(probe.output)}`;
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('the container image', () => {
  let built = false;
  afterAll(async () => {
    if (!built) return;
    await run(ENGINE, ['rm', '--force', CONTAINER], 60_000);
    await run(ENGINE, ['rmi', '--force', IMAGE], 60_000);
  }, 120_000);

  it(
    'builds, runs as a user other than root, answers /readyz on the embedded database, and stops on SIGTERM',
    async (context) => {
      const why = await whyNoImage();
      if (why) context.skip(why);

      // PDF=false: /readyz does not need Chromium, and the test should not fetch it.
      const build = await run(
        ENGINE,
        [
          'build',
          '--network=host',
          '--build-arg',
          `NODE_IMAGE=${BASE_IMAGE}`,
          '--build-arg',
          'PDF=false',
          '-t',
          IMAGE,
          root,
        ],
        20 * 60_000,
      );
      built = true;
      expect(build.ok, build.output.slice(-4_000)).toBe(true);

      const port = await freePort();
      const start = await run(
        ENGINE,
        [
          'run',
          '--detach',
          '--name',
          CONTAINER,
          '--network=host',
          '--env',
          `PORT=${port}`,
          '--env',
          'HOST=127.0.0.1',
          '--env',
          'SECRET=a-secret-for-the-image-test-0123456789',
          IMAGE,
        ],
        60_000,
      );
      expect(start.ok, start.output).toBe(true);

      let ready: { status: number; body: string } | undefined;
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const answer = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          async (response) => ({ status: response.status, body: await response.text() }),
          () => undefined,
        );
        if (answer?.status === 200) {
          ready = answer;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      const logs = async () => (await run(ENGINE, ['logs', CONTAINER], 30_000)).output.slice(-4_000);
      expect(ready, `no 200 from /readyz within 2 minutes; the container's log:\n${await logs()}`).toBeDefined();
      expect(JSON.parse(ready!.body)).toMatchObject({ status: 'ready' });

      const user = await run(ENGINE, ['exec', CONTAINER, 'id', '-u'], 30_000);
      expect(user.output).not.toBe('0');

      const stop = await run(ENGINE, ['stop', '--time', '30', CONTAINER], 60_000);
      expect(stop.ok, stop.output).toBe(true);
      const exit = await run(ENGINE, ['inspect', '--format', '{{.State.ExitCode}}', CONTAINER], 30_000);
      expect(exit.output, `the server's exit code after SIGTERM; its log:\n${await logs()}`).toBe('0');
    },
    25 * 60_000,
  );
});
