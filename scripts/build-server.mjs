// Compiles the server ahead (esbuild): apps/server/src/{server,worker,heavy-work,sheet-rows,backup,restore,migrate,add-admin}.ts and the workspace's own TypeScript
// (@journals/core) become apps/server/dist/<entry>.js with source maps; packages from node_modules stay
// imports. `node scripts/build-server.mjs` builds; `--if-stale` builds only when the bundle is missing or older
// than a source. `npm start` and `npm run worker` use the same check, so a pull never runs stale code.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'apps/server/dist');
/**
 * The server, the job worker, the heavy-work thread the server starts (dist/heavy-work.js, decision 0070), the
 * spreadsheet reader's thread an import starts (dist/sheet-rows.js, decision 0084) and the operator's commands (`npm run backup`, `restore`, `migrate`, `add-admin`).
 */
const entries = ['server', 'worker', 'heavy-work', 'sheet-rows', 'backup', 'restore', 'migrate', 'add-admin'];
const sources = ['apps/server/src', 'packages/core/src', 'scripts/build-server.mjs'].map((p) => path.join(root, p));

/** Newest modification time under a path; folders count too, so a deleted or renamed source is seen. */
function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Why the bundle needs building ('missing', 'stale'), or null when it is up to date. */
export function serverBundleState() {
  const outputs = entries.map((name) => path.join(outdir, `${name}.js`));
  if (!outputs.every((output) => existsSync(output))) return 'missing';
  const built = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  return sources.some((source) => newestMtime(source) > built) ? 'stale' : null;
}

/** Only bare imports of other packages stay external; @journals/* is TypeScript source and is bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@journals/') ? undefined : { external: true },
    );
  },
};

export async function buildServer() {
  // Loaded here, not at the top, so a start whose bundle is fresh never loads esbuild.
  const esbuild = await import('esbuild');
  rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(entries.map((name) => [name, `apps/server/src/${name}.ts`])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Chunks keep a dynamic import lazy (the S3 SDK loads only with STORAGE_DRIVER=s3), as it is under tsx; they
    // sit beside the entries, one folder under apps/server, which src/paths.ts relies on.
    splitting: true,
    chunkNames: '[name]-[hash]',
    plugins: [externalPackages],
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const state = process.argv.includes('--if-stale') ? serverBundleState() : 'requested';
  if (state) {
    console.log(`Building the server (${state})…`);
    await buildServer();
  }
}
