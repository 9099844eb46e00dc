import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** The compiled server or worker (`apps/server/dist`) started as an operator would, and stopped after. */

export const root = path.resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error())));
    });
  });
}

export interface StartedProcess {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts `apps/server/dist/<entry>.js` with exactly `env` over a clean environment (PATH and HOME kept), in `cwd`.
 * `stop` ends it with SIGTERM and waits.
 */
export function startCompiled(entry: 'server' | 'worker', env: Record<string, string>, cwd: string): StartedProcess {
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, `apps/server/dist/${entry}.js`)], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits for `url` to answer 200 (the process's own start: migrations, the demo seed), or fails with its output. */
export async function waitForOk(url: string, started: StartedProcess, timeoutMs: number, init?: RequestInit) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(url, init).catch(() => null);
    if (answer?.status === 200) return answer;
    if (Date.now() > until || started.child.exitCode !== null)
      throw new Error(`${url} did not answer 200 (last ${answer?.status ?? 'no answer'}):\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The environment compose.yaml gives the app and the worker (its `x-app-environment` block), with `${NAME:-default}`
 * and `${NAME:?message}` filled from `given` as compose would (a required one missing fails, as compose does).
 */
export function composeEnvironment(given: Record<string, string>): Record<string, string> {
  const lines = readFileSync(path.join(root, 'compose.yaml'), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.startsWith('x-app-environment:'));
  const environment: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!line.startsWith('  ')) break;
    const match = /^ {2}([A-Z0-9_]+):\s*(.*)$/.exec(line);
    if (!match) throw new Error(`compose.yaml: cannot read ${JSON.stringify(line)}`);
    const value = match[2]!.replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1');
    environment[match[1]!] = value.replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_all, name, kind, rest) => {
      if (given[name] !== undefined && given[name] !== '') return given[name]!;
      if (kind === '?') throw new Error(`compose.yaml requires ${name}: ${rest}`);
      return kind === '-' ? rest : '';
    });
  }
  return environment;
}
