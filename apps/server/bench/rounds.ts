import type { LoadFigures } from './load';
import type { Target } from './plans';

/** One round's measurement of a line with a target, its ratios to the better of that round's baselines. */
export interface RoundFigures {
  figures: LoadFigures;
  ratioToBare: number;
  ratioToLookup: number;
  bare: number;
  lookup: number;
  /**
   * A line with a bare target only: the bare route measured right after the line, and the line's ratio to it. Printed
   * beside the verdict, which stays the round's (the machine's speed moves by half from one minute to the next, and
   * this says how much of a low round that is).
   */
  bareBeside?: number;
  ratioToBareBeside?: number;
}

/** A line measured in rounds (issue 24): its figures in each round. */
export interface RoundLine {
  name: string;
  path: string;
  connections: number;
  target: Target;
  rounds: RoundFigures[];
}

/** The measure a line's target is judged by, larger is better: a ratio, or the p95 negated. */
export function targetMeasure(line: Pick<RoundLine, 'target'>, round: RoundFigures) {
  if (line.target.lookup !== undefined) return round.ratioToLookup;
  if (line.target.bare !== undefined) return round.ratioToBare;
  return -round.figures.p95;
}

/** The round whose measure is the median (the lower middle of an even count). */
export function medianRound(line: RoundLine) {
  const sorted = [...line.rounds].sort((a, b) => targetMeasure(line, a) - targetMeasure(line, b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
