import { BusyError } from '../lib/errors';
import { TurnLimit, TurnRefused } from '../lib/turn-limit';
import type { SearchEngine } from './driver';

/**
 * Searches take turns (issue 44, decision 0074), whatever the engine: at most `running` at once, `waiting` more in
 * line for at most `waitMs`; past that the reader is told the search is busy (503, Retry-After) at once. Twenty heavy
 * searches at once then hold `running` of the database, not all of it, and an editor's sign-in or a public page
 * waits behind that many at most. On PGlite, one connection where every statement waits for the one before, the
 * search with its turn also gives way to any statement waiting (`othersWaiting`), so a sign-in's statements wait
 * behind at most the one search statement already running; on PostgreSQL the statement timeout of the engine's own
 * pool ends the longest.
 */
export function boundedSearch(
  engine: SearchEngine,
  bounds: ConstructorParameters<typeof TurnLimit>[0] & { retryAfterSeconds: number },
): SearchEngine & { turns: TurnLimit } {
  const turns = new TurnLimit(bounds);
  return {
    turns,
    searchPapers: (request) =>
      turns
        .run(() => engine.searchPapers(request))
        .catch((error: unknown) => {
          if (error instanceof TurnRefused) throw new BusyError('search.busy', bounds.retryAfterSeconds);
          throw error;
        }),
  };
}
