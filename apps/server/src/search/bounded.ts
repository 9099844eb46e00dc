import { setTimeout as sleep } from 'node:timers/promises';
import { BusyError } from '../lib/errors';
import { TurnLimit, TurnRefused } from '../lib/turn-limit';
import type { PaperSearchResult, SearchEngine } from './driver';

/**
 * Searches take turns (issue 44, decision 0074), whatever the engine: at most `running` at once, `waiting` more in
 * line for at most `waitMs`; past that the reader is told the search is busy (503, Retry-After) at once. Twenty heavy
 * searches at once then hold `running` of the database, not all of it, and an editor's sign-in or a public page
 * waits behind that many at most. On PGlite, one connection where every statement waits for the one before, the
 * search with its turn also gives way to any statement waiting (`othersWaiting`), and keeps its turn after it has
 * answered for as long again as it ran (`restFactor` 1): searches one after another take at most half of the
 * database's time, so another request's statement finds it free at least half the time and waits behind at most the
 * one search statement running. On PostgreSQL the statement timeout of the engine's own pool ends the longest.
 */
export function boundedSearch(
  engine: SearchEngine,
  bounds: ConstructorParameters<typeof TurnLimit>[0] & { retryAfterSeconds: number; restFactor?: number },
): SearchEngine & { turns: TurnLimit } {
  const turns = new TurnLimit(bounds);
  const rest = bounds.restFactor ?? 0;
  return {
    turns,
    searchPapers: (request) =>
      new Promise<PaperSearchResult>((resolve, reject) => {
        turns
          .run(async () => {
            const from = performance.now();
            // The reader has the answer at once; the turn is given up only after the rest.
            const found = await engine.searchPapers(request);
            resolve(found);
            if (rest > 0) await sleep((performance.now() - from) * rest);
          })
          .catch((error: unknown) =>
            reject(error instanceof TurnRefused ? new BusyError('search.busy', bounds.retryAfterSeconds) : error),
          );
      }),
  };
}
