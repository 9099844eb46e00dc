import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The XML readers' share of the event loop (decision 0084): a reader parses its file on the loop that answers the
 * requests (saxes is synchronous, and a stream's buffered chunks come one after the other without a turn of the loop
 * between them). It gives the loop a turn once it has held it for HOLD_MS, so a big or hostile file never delays a
 * request by much more than that.
 */
const HOLD_MS = 5;
/** The text a reader gives its parser at a time: parsing one takes a few milliseconds at most. */
export const PIECE_CHARS = 4 * 1024;

export class LoopTurns {
  private since = performance.now();

  /** Whether the reader has held the loop long enough to give it a turn. */
  due() {
    return performance.now() - this.since >= HOLD_MS;
  }

  /** Gives the loop a turn when due. */
  async take() {
    if (!this.due()) return;
    await nextTurn();
    this.since = performance.now();
  }
}

/** A chunk's text in pieces of about PIECE_CHARS, never between the two halves of a surrogate pair. */
export function* piecesOf(text: string): Generator<string> {
  let at = 0;
  while (at < text.length) {
    let end = Math.min(at + PIECE_CHARS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    yield text.slice(at, end);
    at = end;
  }
}
