import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { MIGRATIONS_FOLDER } from '../src/db/migrations';
import { serverRoot } from '../src/paths';

/**
 * The container image and the compose file (issue 23 §6, docs/operations.md), checked without building it: the
 * Dockerfile, compose.yaml and the operator's guide agree with the code (every variable they set is one config.ts
 * knows, the image holds every folder the server reads, every documented variable exists and every variable is
 * documented). container-image-run.test.ts builds the image and runs it.
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
