/** Why `TurnLimit.run` refused: the line was full when the work came, or its turn did not come in time. */
export class TurnRefused extends Error {
  constructor(readonly reason: 'full' | 'late') {
    super(`no turn: ${reason}`);
  }
}

/**
 * Work that takes turns (issue 44, decision 0074): at most `running` at once, at most `waiting` more in line, none
 * waiting past `waitMs`. A piece of work past either bound is refused at once with TurnRefused rather than queued
 * without end, so a burst of one kind of work (heavy searches) holds a bounded share of the database and the others'
 * requests wait for at most `running` of it.
 */
export class TurnLimit {
  private active = 0;
  private readonly line: { start: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(
    private readonly bounds: {
      running: number;
      waiting: number;
      waitMs: number;
      /**
       * Whether others' work is waiting (PGlite's queue of statements: decision 0074): work that has its turn starts
       * only once none is, or after `waitMs` of it, so it gives way to them rather than going ahead of the next.
       */
      othersWaiting?: () => boolean;
    },
  ) {}

  /** Work in hand and in line: the metrics' view, and the tests'. */
  get counts() {
    return { running: this.active, waiting: this.line.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.bounds.running) await this.turn();
    else this.active += 1;
    try {
      if (this.bounds.othersWaiting) await this.givingWay(this.bounds.othersWaiting);
      return await work();
    } finally {
      const next = this.line.shift();
      if (next) {
        // The turn passes on: the count of those running stays.
        clearTimeout(next.timer);
        next.start();
      } else this.active -= 1;
    }
  }

  private async givingWay(othersWaiting: () => boolean) {
    const until = Date.now() + this.bounds.waitMs;
    while (othersWaiting() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 1));
  }

  private turn(): Promise<void> {
    if (this.line.length >= this.bounds.waiting) return Promise.reject(new TurnRefused('full'));
    return new Promise((resolve, reject) => {
      const place = {
        start: resolve,
        timer: setTimeout(() => {
          this.line.splice(this.line.indexOf(place), 1);
          reject(new TurnRefused('late'));
        }, this.bounds.waitMs),
      };
      this.line.push(place);
    });
  }
}
