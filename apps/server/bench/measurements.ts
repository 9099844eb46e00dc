import type { LoadJob } from './load';
import type { Plan } from './plans';
import { medianRound, type RoundLine } from './rounds';
import { measure, type Started } from './processes';
import type { EndpointResult } from './report';

/**
 * Measures every plan without a target in order (after a warm-up pass over every plan), then the submits (each draft
 * once), then both baselines once more; each line's ratios are to the better of its baseline's two measurements.
 * Then the lines with a target, in `rounds` rounds that each open and close with both baselines, each round's ratios
 * to the better of that round's two measurements of each baseline (measureRounds).
 */
export async function measureAll({
  plans,
  only,
  settings,
  app,
  submit,
}: {
  plans: Plan[];
  /** BENCH_ONLY: measures the lines whose names it matches, and the baselines. */
  only: RegExp | null;
  settings: { connections: number; seconds: number; warmupSeconds: number; rounds: number };
  /** The measured server: the run stops if it does. */
  app: Started;
  /** The submit line: POST `path`, each of `paths` (one per draft) once, as the user of `headers`. */
  submit: { server: string; path: string; paths: string[]; headers: Record<string, string> };
}) {
  const { connections, seconds } = settings;
  const results: EndpointResult[] = [];
  const record = (
    plan: Omit<Plan, 'base'> & { method: 'GET' | 'POST'; window: string },
    figures: EndpointResult['figures'],
  ) => {
    const [bare, lookup] = [results[0]?.figures ?? figures, results[1]?.figures ?? figures];
    const row: EndpointResult = {
      name: plan.name,
      method: plan.method,
      path: plan.path,
      connections: plan.connections ?? connections,
      window: plan.window,
      figures,
      ratioToBare: figures.requestsPerSecond / bare.requestsPerSecond,
      ratioToLookup: figures.requestsPerSecond / lookup.requestsPerSecond,
    };
    results.push(row);
    console.log(
      `${row.name}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, ${figures.errors} errors`,
    );
  };
  // The server's code is optimised by the JIT under load: one warm-up pass over every endpoint first, so the first
  // measured line is not also the server's first minute.
  const jobOf = (plan: Plan): LoadJob => ({
    url: `${plan.base}${plan.path}`,
    headers: plan.headers,
    turn: plan.turn,
    connections: plan.connections ?? connections,
    seconds: settings.warmupSeconds,
  });
  const measured = plans.filter((plan, index) => index < 2 || !only || only.test(plan.name));
  if (settings.warmupSeconds > 0) for (const plan of measured) await measure(jobOf(plan));
  const roundPlans = measured.filter((plan, index) => index >= 2 && plan.target && settings.rounds > 0);
  for (const plan of measured.filter((line) => !roundPlans.includes(line))) {
    const job: LoadJob = {
      url: `${plan.base}${plan.path}`,
      headers: plan.headers,
      turn: plan.turn,
      connections: plan.connections ?? connections,
      seconds,
    };
    if (settings.warmupSeconds > 0) await measure({ ...job, seconds: settings.warmupSeconds });
    record({ ...plan, method: 'GET', window: `${seconds} s` }, await measure(job));
    if (app.child.exitCode !== null || app.child.signalCode !== null) throw new Error('the server has stopped');
  }
  if (!only || only.test('submit')) {
    record(
      {
        name: 'submit (each draft once)',
        method: 'POST',
        path: submit.path,
        window: `${submit.paths.length} requests`,
      },
      await measure({
        url: `${submit.server}${submit.path}`,
        method: 'POST',
        headers: { ...submit.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ acceptTerms: true }),
        connections,
        seconds,
        paths: submit.paths,
      }),
    );
  }
  // The baselines once more, at the end: a machine that was slower in the first minute (a neighbour, the
  // database still settling after the seed) would otherwise flatter every ratio. Ratios are to the better of the
  // two measurements of each baseline.
  for (const plan of plans.slice(0, 2)) {
    const job = { ...jobOf(plan), seconds };
    if (settings.warmupSeconds > 0) await measure({ ...job, seconds: settings.warmupSeconds });
    record(
      { ...plan, name: `${plan.name}, again at the end`, method: 'GET', window: `${seconds} s` },
      await measure(job),
    );
  }
  const best = (path: string) =>
    Math.max(...results.filter((row) => row.path === path).map((row) => row.figures.requestsPerSecond));
  const [bareBest, lookupBest] = [best(plans[0]!.path), best(plans[1]!.path)];
  for (const row of results) {
    row.ratioToBare = row.figures.requestsPerSecond / bareBest;
    row.ratioToLookup = row.figures.requestsPerSecond / lookupBest;
  }
  const rounds = await measureRounds(roundPlans, plans.slice(0, 2) as [Plan, Plan], { ...settings, app });
  // In the table, a line measured in rounds shows its median round (by the ratio its target names).
  for (const line of rounds) {
    const round = medianRound(line);
    results.push({
      name: `${line.name} (median of ${line.rounds.length} rounds)`,
      method: 'GET',
      path: line.path,
      connections: line.connections,
      window: `${seconds} s`,
      figures: round.figures,
      ratioToBare: round.ratioToBare,
      ratioToLookup: round.ratioToLookup,
    });
  }
  return { results, bareBest, lookupBest, rounds };
}

/**
 * `rounds` rounds over the lines with a target: bare, lookup, every line, bare, lookup (and after a line whose target
 * is a ratio to the bare route, the bare route again, printed beside the verdict). A line's ratios in a round
 * are to the better of that round's two measurements of each baseline, so a minute in which the machine was slow
 * (a neighbour, the database's own housekeeping) lowers the baselines of that round too, and the spread over the
 * rounds says how far one round's figure can be trusted.
 */
async function measureRounds(
  plans: Plan[],
  [barePlan, lookupPlan]: [Plan, Plan],
  settings: { connections: number; seconds: number; warmupSeconds: number; rounds: number; app: Started },
): Promise<RoundLine[]> {
  const lines: RoundLine[] = plans.map((plan) => ({
    name: plan.name,
    path: plan.path,
    connections: plan.connections ?? settings.connections,
    target: plan.target!,
    rounds: [],
  }));
  if (plans.length === 0) return lines;
  const run = async (plan: Plan) => {
    const job: LoadJob = {
      url: `${plan.base}${plan.path}`,
      headers: plan.headers,
      turn: plan.turn,
      connections: plan.connections ?? settings.connections,
      seconds: settings.seconds,
    };
    if (settings.warmupSeconds > 0) await measure({ ...job, seconds: settings.warmupSeconds });
    const figures = await measure(job);
    if (settings.app.child.exitCode !== null || settings.app.child.signalCode !== null)
      throw new Error('the server has stopped');
    return figures;
  };
  for (let round = 1; round <= settings.rounds; round++) {
    const opening = [await run(barePlan), await run(lookupPlan)];
    const measured = [];
    const beside: (number | undefined)[] = [];
    for (const plan of plans) {
      measured.push(await run(plan));
      beside.push(plan.target?.bare === undefined ? undefined : (await run(barePlan)).requestsPerSecond);
    }
    const closing = [await run(barePlan), await run(lookupPlan)];
    const bare = Math.max(opening[0]!.requestsPerSecond, closing[0]!.requestsPerSecond);
    const lookup = Math.max(opening[1]!.requestsPerSecond, closing[1]!.requestsPerSecond);
    console.log(
      `Round ${round} of ${settings.rounds}: bare ${bare.toFixed(0)} req/s, lookup ${lookup.toFixed(0)} req/s.`,
    );
    measured.forEach((figures, index) => {
      const line = lines[index]!;
      const bareBeside = beside[index];
      const ratioToBareBeside = bareBeside === undefined ? undefined : figures.requestsPerSecond / bareBeside;
      line.rounds.push({
        figures,
        ratioToBare: figures.requestsPerSecond / bare,
        ratioToLookup: figures.requestsPerSecond / lookup,
        bare,
        lookup,
        ...(bareBeside === undefined ? {} : { bareBeside, ratioToBareBeside }),
      });
      const besideText =
        bareBeside === undefined
          ? ''
          : `, ÷bare beside ${ratioToBareBeside!.toFixed(3)} (bare ${bareBeside.toFixed(0)})`;
      console.log(
        `  ${line.name}: ${figures.requestsPerSecond.toFixed(0)} req/s, p95 ${figures.p95.toFixed(1)} ms, ÷bare ${(figures.requestsPerSecond / bare).toFixed(3)}, ÷lookup ${(figures.requestsPerSecond / lookup).toFixed(3)}${besideText}, ${figures.errors} errors`,
      );
    });
  }
  return lines;
}
