import autocannon from 'autocannon';

/**
 * The load generator, in its own process (forked by bench.ts): it gets one job over IPC, runs autocannon and sends
 * back the figures. Latencies are kept one by one so any percentile (p95 too) can be read.
 */
export interface LoadJob {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /** Request each of these paths once (a fixed count) instead of `url`'s path for `seconds`. */
  paths?: string[];
  /**
   * Request these paths in turn for `seconds`, from `turnFrom` on, instead of `url`'s path: answers a process
   * remembers, asked for afresh. The bench carries each job on where the last job of the same paths stopped
   * (processes.ts `measure`), so that no path is asked for twice.
   */
  turn?: string[];
  turnFrom?: number;
  /** A mix of requests taken in turn for `seconds` instead of `url`'s path (npm run soak). */
  mix?: MixRequest[];
  /** Requests per second over all connections; unset, as fast as the server answers. */
  overallRate?: number;
}

/** One kind of request of a mix, `weight` times in each round of the turn. */
export interface MixRequest {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  weight: number;
  /** Paths to take each once (the submits: each draft once); when they run out, the mix's first request instead. */
  once?: string[];
}

export interface LoadFigures {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  /** The slowest answer (milliseconds). */
  max: number;
  /** Non-2xx answers plus socket errors and timeouts. */
  errors: number;
  non2xx: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** How many of `turn`'s paths were asked for. */
  turned: number;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The turn of a mix: each request in proportion to its weight, spread out (smooth weighted round-robin, as nginx
 * balances), the one-time paths taken until they run out and the mix's first request in their place after.
 */
function mixTurn(mix: MixRequest[]) {
  const total = mix.reduce((sum, request) => sum + request.weight, 0);
  const current = mix.map(() => 0);
  const left = mix.map((request) => [...(request.once ?? [])]);
  return (request: { headers?: Record<string, string> }) => {
    mix.forEach((candidate, i) => (current[i]! += candidate.weight));
    const at = current.indexOf(Math.max(...current));
    current[at]! -= total;
    const chosen = mix[at]!;
    const once = chosen.once ? left[at]!.shift() : undefined;
    const sent = chosen.once && once === undefined ? mix[0]! : chosen;
    return { ...request, method: sent.method, path: once ?? sent.path, headers: sent.headers, body: sent.body };
  };
}

export function runLoad(job: LoadJob): Promise<LoadFigures> {
  const latencies: number[] = [];
  const { paths, mix, turn } = job;
  const listed = paths ?? turn;
  const from = job.turnFrom ?? 0;
  let next = from;
  const fromMix = mix && mixTurn(mix);
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        method: job.method ?? 'GET',
        headers: job.headers ?? {},
        ...(job.body !== undefined && { body: job.body }),
        connections: job.connections,
        duration: job.seconds,
        amount: paths?.length,
        ...(job.overallRate && { overallRate: job.overallRate }),
        requests: fromMix
          ? [{ setupRequest: fromMix }]
          : listed && [{ setupRequest: (request) => ({ ...request, path: listed[next++ % listed.length] }) }],
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          requests: result.requests.total,
          seconds: result.duration,
          requestsPerSecond: result.requests.total / result.duration,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          max: latencies.at(-1) ?? 0,
          errors: result.non2xx + result.errors,
          non2xx: result.non2xx,
          timeouts: result.timeouts,
          turned: next - from,
          statusCodes: Object.fromEntries(
            Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
          ),
        });
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, milliseconds: number) =>
      latencies.push(milliseconds),
    );
  });
}

if (process.send) {
  process.once('message', (job: LoadJob) => {
    runLoad(job).then(
      (figures) => process.send!(figures, () => process.disconnect()),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
