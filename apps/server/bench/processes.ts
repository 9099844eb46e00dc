import { type ChildProcess, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import type { LoadFigures, LoadJob } from './load';

/** Every process the bench started and has not stopped yet, so Ctrl-C or a failure can end them. */
const running = new Set<ChildProcess>();

export interface Started {
  child: ChildProcess;
  /** Log lines at level error or fatal (pino's JSON lines) so far. */
  loggedErrors: () => number;
}

/** Starts a process whose output is kept (the last lines are shown if it dies) and whose logged errors are counted. */
export function startProcess(name: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let errors = 0;
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      output = `${output}${line}\n`.slice(-4_000);
      if (/"level":(50|60)\b/.test(line)) errors += 1;
    });
  }
  running.add(child);
  child.once('exit', (code, signal) => {
    // Still in `running`: nobody here asked it to stop.
    if (running.delete(child)) console.error(`${name} ended (${signal ?? `code ${code}`}) unexpectedly:\n${output}`);
  });
  return { child, loggedErrors: () => errors };
}

/** Runs a process to its end; resolves with its standard output, rejects on a non-zero exit. */
export async function runProcess(name: string, args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  running.delete(child);
  if (code !== 0) throw new Error(`${name} failed (code ${code})`);
  return output;
}

export async function waitUntilUp(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${url}: the process ended before answering`);
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url}: no answer in ${timeoutMs / 1000} s`);
}

export async function stopProcess(child: ChildProcess) {
  if (!running.delete(child) || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function stopAll() {
  await Promise.all([...running].map(stopProcess));
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** How far each list of paths asked for in turn has been taken (load.ts `turn`), over every load run. */
const turned = new WeakMap<string[], number>();

/** One load run, from a forked process of its own (load.ts), never from this one. */
export async function measure(job: LoadJob): Promise<LoadFigures> {
  if (!job.turn) return measureIn(job);
  const turnFrom = turned.get(job.turn) ?? 0;
  const figures = await measureIn({ ...job, turnFrom });
  turned.set(job.turn, turnFrom + figures.turned);
  return figures;
}

async function measureIn(job: LoadJob): Promise<LoadFigures> {
  const child = fork(new URL('./load.ts', import.meta.url), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  running.add(child);
  try {
    const figures = new Promise<LoadFigures>((resolve, reject) => {
      child.once('message', (message) => resolve(message as LoadFigures));
      child.once('exit', () => reject(new Error('the load process ended without figures')));
    });
    child.send(job);
    return await figures;
  } finally {
    await stopProcess(child);
  }
}
