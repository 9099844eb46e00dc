import type { LoadJob } from './load';
import type { Plan } from './plans';
import { measure, type Started } from './processes';
import type { EndpointResult } from './report';

/**
 * Measures every plan in order (after a warm-up pass), then the submits (each draft once), then both baselines once
 * more; each line's ratios are to the better of its baseline's two measurements.
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
  settings: { connections: number; seconds: number; warmupSeconds: number };
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
    connections: plan.connections ?? connections,
    seconds: settings.warmupSeconds,
  });
  const measured = plans.filter((plan, index) => index < 2 || !only || only.test(plan.name));
  if (settings.warmupSeconds > 0) for (const plan of measured) await measure(jobOf(plan));
  for (const plan of measured) {
    const job: LoadJob = {
      url: `${plan.base}${plan.path}`,
      headers: plan.headers,
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
  return { results, bareBest, lookupBest };
}
