declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options extends Request {
    url: string;
    connections: number;
    duration?: number;
    /** A fixed number of requests instead of a duration, shared evenly by the connections. */
    amount?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    /** Requests per second over all connections (an open rate instead of as fast as the server answers). */
    overallRate?: number;
    requests?: (Request & { setupRequest?: (request: Request) => Request })[];
  }
  interface Result {
    requests: { total: number };
    /** Seconds. */
    duration: number;
    non2xx: number;
    /** Socket errors and timeouts. */
    errors: number;
    timeouts: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  interface Instance extends EventEmitter {
    stop(): void;
  }
  export default function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
}
