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
}

export interface LoadFigures {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  /** Non-2xx answers plus socket errors and timeouts. */
  errors: number;
  non2xx: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function runLoad(job: LoadJob): Promise<LoadFigures> {
  const latencies: number[] = [];
  const { paths } = job;
  let next = 0;
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
        requests: paths && [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
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
          errors: result.non2xx + result.errors,
          non2xx: result.non2xx,
          timeouts: result.timeouts,
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
