import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadFigures } from './load';
import { medianRound, type RoundLine, targetMeasure } from './rounds';

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

/** Columns padded to their widest cell, the first to the left, the others to the right, under a rule. */
function printAligned(header: string[], rows: string[][]) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(`${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of rows) console.log(format(row));
}

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
  console.log('');
  printAligned(header, lines);
}

/** The lines under the table: the baselines' best figures and the targets of the dashboard, desk and logs. */
export function printSummary(
  results: EndpointResult[],
  run: {
    bareBest: number;
    lookupBest: number;
    connections: number;
    dashboard: string;
    desk: string;
    paperLogs: string;
  },
) {
  const { bareBest, lookupBest, connections, dashboard, desk, paperLogs } = run;
  console.log(
    `\nRatios are to the better measurement of each baseline: bare ${bareBest.toFixed(0)} req/s, lookup ${lookupBest.toFixed(0)} req/s.`,
  );
  const oneAtATime = results.find((row) => row.connections === 1 && row.path === dashboard);
  const underLoad = results.find((row) => row.path === dashboard && row.connections === connections);
  if (oneAtATime && underLoad)
    console.log(
      `\nDashboard one at a time: p95 ${oneAtATime.figures.p95.toFixed(1)} ms (target ≤ 50). Under ${connections} connections: ${underLoad.ratioToLookup.toFixed(2)} of the one-lookup baseline (target ≥ 0.5).`,
    );
  const deskRows = results.filter(
    (row) => row.connections === 1 && (row.path.startsWith(desk) || row.path.startsWith(paperLogs)),
  );
  const slowDesk = deskRows.filter((row) => row.figures.p95 > 100);
  console.log(
    `Editorial desk and paper logs, one request at a time: ${deskRows.length} lines, p95 at most ${Math.max(...deskRows.map((row) => row.figures.p95)).toFixed(1)} ms (target ≤ 100)${slowDesk.length ? `; over: ${slowDesk.map((row) => row.name).join(', ')}` : ''}.`,
  );
  // The archive's search (issue 21 §6): ordinary words p95 ≤ 50 ms, the commonest ≤ 300 ms, one request at a time.
  const searches = results.filter((row) => row.connections === 1 && row.path.includes('/search?'));
  for (const row of searches) {
    const target = row.name.includes('commonest') ? 300 : 50;
    console.log(
      `${row.name}: p95 ${row.figures.p95.toFixed(1)} ms (target ≤ ${target})${row.figures.p95 > target ? ' — OVER' : ''}.`,
    );
  }
  const details = results.find((row) => row.connections === connections && /\/archive\/papers\/\d+$/.test(row.path));
  if (details)
    console.log(
      `Archive paper details under ${connections} connections: ${details.ratioToLookup.toFixed(2)} of the one-lookup baseline (target ≥ 0.6).`,
    );
}

/** The verdict of a line measured in rounds: its measure in the median and the worst round, and whether it met its target in every one. */
export function roundVerdicts(line: RoundLine) {
  const verdicts: {
    measure: string;
    target: string;
    median: number;
    worst: number;
    min: number;
    max: number;
    met: boolean;
  }[] = [];
  const { target } = line;
  const add = (measure: string, wanted: string, values: number[], larger: boolean, goal: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    const worst = larger ? sorted[0]! : sorted.at(-1)!;
    const met = values.every((value) => (larger ? value >= goal : value <= goal));
    verdicts.push({ measure, target: wanted, median, worst, min: sorted[0]!, max: sorted.at(-1)!, met });
  };
  if (target.lookup !== undefined)
    add(
      '÷ lookup',
      `≥ ${target.lookup}`,
      line.rounds.map((r) => r.ratioToLookup),
      true,
      target.lookup,
    );
  if (target.bare !== undefined)
    add(
      '÷ bare',
      `≥ ${target.bare}`,
      line.rounds.map((r) => r.ratioToBare),
      true,
      target.bare,
    );
  if (target.p95 !== undefined)
    add(
      'p95 ms',
      `≤ ${target.p95}`,
      line.rounds.map((r) => r.figures.p95),
      false,
      target.p95,
    );
  return verdicts;
}

/** The lines with a target, over the rounds: median, worst, range, and whether every round met it. */
export function printRounds(lines: RoundLine[]) {
  if (lines.length === 0) return;
  const rounds = lines[0]!.rounds.length;
  console.log(
    `\nThe lines with a target, over ${rounds} rounds (each opens and closes with both baselines; ratios to the better of the round's two):`,
  );
  const header = ['line', 'conn', 'measure', 'target', 'median', 'worst', 'range', 'p95 median', 'every round'];
  const figure = (measure: string, value: number) => (measure === 'p95 ms' ? value.toFixed(1) : value.toFixed(3));
  const rows = lines.flatMap((line) => {
    return roundVerdicts(line).map((verdict) => [
      line.name,
      String(line.connections),
      verdict.measure,
      verdict.target,
      figure(verdict.measure, verdict.median),
      figure(verdict.measure, verdict.worst),
      `${figure(verdict.measure, verdict.min)}–${figure(verdict.measure, verdict.max)}`,
      medianRound(line).figures.p95.toFixed(1),
      verdict.met ? 'met' : 'NOT MET',
    ]);
  });
  printAligned(header, rows);
  // Each line's measure in each round, in order, for the record.
  for (const line of lines) {
    const beside = line.rounds.flatMap((round) => round.ratioToBareBeside ?? []);
    console.log(
      `  ${line.name}: ${line.rounds.map((round) => (line.target.p95 !== undefined && line.target.lookup === undefined ? `${round.figures.p95.toFixed(1)} ms` : targetMeasure(line, round).toFixed(3))).join(', ')}` +
        (beside.length
          ? `; ÷ the bare route measured right after it: ${beside.map((r) => r.toFixed(3)).join(', ')}`
          : ''),
    );
  }
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
