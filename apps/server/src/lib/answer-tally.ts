import type { Registry } from 'prom-client';

/** The latency buckets of every answer, in seconds (Prometheus' `le`). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The answers of one route pattern, method and status: their count, their total time and how many in each bucket. */
interface Series {
  method: string;
  route: string;
  status: number;
  count: number;
  sum: number;
  /** Answers at most each bucket's bound, not cumulative; the last one past every bound (+Inf). */
  inBucket: number[];
}

/** One line of a metric as prom-client's registry prints it. */
interface Value {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * The count and latency of every answer by route pattern, method and status (issue 23 §3), counted in plain numbers
 * and turned into Prometheus series only when scraped. prom-client's own counter and histogram cost about 1.1 µs an
 * answer between them (the labels checked and joined into a key on every call), a cached public answer's largest
 * single cost after the socket write (issue 24, decision 0066); here an answer costs three map reads and a few
 * additions. The series are the ones those gave: `journals_http_requests_total{method, route, status}` and the
 * histogram `journals_http_request_duration_seconds{method, route}` with the same buckets.
 */
export class AnswerTally {
  /** Route pattern → status → method: the keys are strings and numbers Fastify already holds, no key is built. */
  private readonly series = new Map<string, Map<number, Map<string, Series>>>();
  private size = 0;

  record(method: string, route: string, status: number, seconds: number) {
    let byStatus = this.series.get(route);
    if (!byStatus) this.series.set(route, (byStatus = new Map()));
    let byMethod = byStatus.get(status);
    if (!byMethod) byStatus.set(status, (byMethod = new Map()));
    let series = byMethod.get(method);
    if (!series) {
      // Routes are patterns, so the series are few; the bound only guards against a surprise.
      if (this.size >= 5_000) return;
      this.size += 1;
      byMethod.set(method, (series = { method, route, status, count: 0, sum: 0, inBucket: BUCKETS.map(() => 0) }));
      series.inBucket.push(0);
    }
    series.count += 1;
    series.sum += seconds;
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]!) bucket += 1;
    series.inBucket[bucket]! += 1;
  }

  private all(): Series[] {
    return [...this.series.values()].flatMap((byStatus) =>
      [...byStatus.values()].flatMap((byMethod) => [...byMethod.values()]),
    );
  }

  /** Adds the two metrics to `registry`, read from the tally when it is scraped. */
  register(registry: Registry) {
    const counter = {
      name: 'journals_http_requests_total',
      help: 'Requests answered, by method, route pattern and status.',
      type: 'counter',
      aggregator: 'sum',
      get: async () => ({
        ...counter,
        values: this.all().map(({ method, route, status, count }): Value => ({
          labels: { method, route, status },
          value: count,
        })),
      }),
    };
    const histogram = {
      name: 'journals_http_request_duration_seconds',
      help: 'Time from the request read to its answer sent, by method and route pattern.',
      type: 'histogram',
      aggregator: 'sum',
      get: async () => ({ ...histogram, values: this.histogramValues(histogram.name) }),
    };
    // The registry prints any metric that answers its name, help, type and values (prom-client's Registry).
    registry.registerMetric(counter as never);
    registry.registerMetric(histogram as never);
  }

  /** The histogram's lines: the series of each method and route summed over their statuses, buckets cumulative. */
  private histogramValues(name: string): Value[] {
    const byRoute = new Map<
      string,
      { method: string; route: string; count: number; sum: number; inBucket: number[] }
    >();
    for (const series of this.all()) {
      const key = `${series.method} ${series.route}`;
      const total = byRoute.get(key);
      if (!total) {
        byRoute.set(key, { ...series, inBucket: [...series.inBucket] });
        continue;
      }
      total.count += series.count;
      total.sum += series.sum;
      series.inBucket.forEach((n, index) => (total.inBucket[index]! += n));
    }
    return [...byRoute.values()].flatMap(({ method, route, count, sum, inBucket }) => {
      let below = 0;
      const buckets = [...BUCKETS, '+Inf' as const].map((le, index): Value => {
        below += inBucket[index]!;
        return { metricName: `${name}_bucket`, labels: { le, method, route }, value: below };
      });
      return [
        ...buckets,
        { metricName: `${name}_sum`, labels: { method, route }, value: sum },
        { metricName: `${name}_count`, labels: { method, route }, value: count },
      ];
    });
  }
}
