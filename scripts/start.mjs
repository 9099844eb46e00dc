// `npm start`: builds what is missing (the web app, the server bundle), rebuilds the server bundle when a source is
// newer than it (so a pull never runs stale code), then starts the compiled server (migrations and the demo seed
// run at start). Everything a fresh clone needs after `npm install`. `npm run worker` (`start.mjs worker`) starts
// the job worker the same way, and `npm run backup|restore|migrate|add-admin` the operator's commands (their arguments
// follow: `npm run backup -- --out FILE`).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServer, serverBundleState } from './build-server.mjs';

const COMMANDS = ['worker', 'backup', 'restore', 'migrate', 'add-admin'];
const entry = COMMANDS.includes(process.argv[2]) ? process.argv[2] : 'server';
const args = entry === 'server' ? [] : process.argv.slice(3);

if (entry === 'server' && !existsSync('apps/web/dist/index.html')) {
  console.log('Building the web app (first start only)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const state = serverBundleState();
if (state) {
  console.log(`Building the server (${state === 'missing' ? 'first start only' : 'sources changed'})…`);
  try {
    await buildServer();
  } catch {
    process.exit(1); // esbuild has printed the errors
  }
}
// Settings come from the environment; a `.env` file (see .env.example) is read when there is one.
const envFile = existsSync('.env') ? ['--env-file=.env'] : [];
const child = spawn(process.execPath, [...envFile, '--enable-source-maps', `apps/server/dist/${entry}.js`, ...args], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
