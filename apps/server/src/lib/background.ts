import type { FastifyBaseLogger as Logger } from 'fastify';

/**
 * Work a request starts but does not wait for, so that its answer takes the same time whatever that work finds
 * (forgot-password: a known e-mail issues a link and a mail, an unknown one nothing). Failures are logged; the
 * server waits for what is running before it closes, and tests wait with `idle()`.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  run(name: string, task: () => Promise<unknown>): void {
    const promise: Promise<void> = Promise.resolve()
      .then(task)
      .then(
        () => undefined,
        (error: unknown) => this.log.error({ err: error }, `${name} failed`),
      )
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Resolves once nothing started so far is running. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
