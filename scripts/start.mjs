// `npm start`: builds the web app when it is missing, then starts the server (migrations and the demo seed run
// at start). Everything a fresh clone needs after `npm install`.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('apps/web/dist/index.html')) {
  console.log('Building the web app (first start only)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Settings come from the environment; a `.env` file (see .env.example) is read when there is one.
const envFile = existsSync('.env') ? ['--env-file=.env'] : [];
const server = spawn(process.execPath, [...envFile, '--import', 'tsx', 'apps/server/src/server.ts'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
