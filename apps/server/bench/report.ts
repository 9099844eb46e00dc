import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadFigures } from './load';

export interface EndpointResult {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  /** How the window ends: seconds, or a fixed number of requests (submits, each draft once). */
  window: string;
  figures: LoadFigures;
  /** Requests per second over the bare route's and the one-lookup route's. */
  ratioToBare: number;
  ratioToLookup: number;
}

const fixed = (value: number, digits: number) => value.toFixed(digits);

/** The console table: one line per endpoint. */
export function printTable(rows: EndpointResult[]) {
  const header = ['endpoint', 'conn', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', '÷bare', '÷lookup'];
  const lines = rows.map((row) => [
    row.name,
    String(row.connections),
    fixed(row.figures.requestsPerSecond, 0),
    fixed(row.figures.p50, 1),
    fixed(row.figures.p95, 1),
    fixed(row.figures.p99, 1),
    String(row.figures.errors),
    fixed(row.ratioToBare, 3),
    fixed(row.ratioToLookup, 3),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(`\n${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const line of lines) console.log(format(line));
}

/**
 * Keeps the whole run in bench-results/ (ignored by git) and as the latest run of its database in
 * docs/bench-latest.json (committed: the source of the tables in docs/performance.md).
 */
export async function saveRun(
  root: string,
  run: { startedAt: string; database: string } & Record<string, unknown>,
  { latest: keepLatest = true } = {},
) {
  const prettier = await import('prettier');
  const latest = path.join(root, 'docs/bench-latest.json');
  const format = async (value: unknown) =>
    prettier.format(JSON.stringify(value), { ...(await prettier.resolveConfig(latest)), filepath: latest });
  const folder = path.join(root, 'bench-results');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `bench-${run.startedAt.replace(/:/g, '-')}.json`);
  writeFileSync(file, await format(run));
  if (!keepLatest) return file;
  const previous = existsSync(latest) ? (JSON.parse(readFileSync(latest, 'utf8')) as Record<string, unknown>) : {};
  const byDatabase = 'postgres' in previous || 'pglite' in previous ? previous : {};
  writeFileSync(latest, await format({ ...byDatabase, [run.database]: run }));
  return file;
}
