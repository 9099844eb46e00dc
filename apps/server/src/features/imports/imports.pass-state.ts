import type { Journal } from '../../domain/journal-context';

/** What a pass (the dry run or the real import, decision 0076) carries from one record to the next. */
export interface Pass {
  journal: Journal;
  importId: number;
  /** The DOIs and source identifiers met so far in this pass. */
  seen: Set<string>;
  /** The dry run's issues it would create (the real import finds them in the database). */
  newIssues: Set<string>;
  /** The issues met so far in this pass, by volume and number: their ids, looked up once a pass. */
  knownIssues: Map<string, number>;
}
