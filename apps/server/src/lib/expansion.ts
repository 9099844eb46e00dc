import { constants, inflateRawSync, inflateSync } from 'node:zlib';
import { HEAVY_WORK } from '@journals/core/limits';

/**
 * The budget of every expansion of one uploaded file (DESIGN §7, decision 0070): the bytes all its inflated parts
 * may add up to, and for each part a ratio to its compressed size once past a small free allowance. Inflation
 * stops at the budget (zlib's maxOutputLength), so a bomb costs at most the budget, never its full size.
 */

/** A file past a budget of the heavy work (expansion, pixels, time, memory): refused 413, errors.fileTooComplex. */
export class TooComplex extends Error {}

export class ExpansionBudget {
  private left: number;

  constructor(
    private readonly limits: Pick<
      typeof HEAVY_WORK,
      'expandedBytes' | 'expansionRatio' | 'ratioFreeBytes'
    > = HEAVY_WORK,
  ) {
    this.left = limits.expandedBytes;
  }

  /** The most one part of `compressedBytes` may inflate to now. */
  private capFor(compressedBytes: number) {
    const byRatio = Math.max(this.limits.ratioFreeBytes, compressedBytes * this.limits.expansionRatio);
    return Math.min(this.left, byRatio);
  }

  /** Counts a part that was stored, not compressed (it still adds to what the file holds). */
  take(bytes: number) {
    if (bytes > this.left) throw new TooComplex(`expands past ${this.limits.expandedBytes} bytes`);
    this.left -= bytes;
  }

  /** Inflates one part (raw deflate in a zip, zlib in a PDF stream), refusing it past the budget. */
  inflate(data: Uint8Array, format: 'raw' | 'zlib', options: { partial?: boolean } = {}): Buffer {
    const cap = this.capFor(data.length);
    // A stream cut short (a PDF stream with trailing bytes or a missing end) is read as far as it goes.
    const flush = options.partial ? { finishFlush: constants.Z_SYNC_FLUSH } : {};
    let output: Buffer;
    try {
      output = (format === 'raw' ? inflateRawSync : inflateSync)(data, { maxOutputLength: Math.max(cap, 1), ...flush });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new TooComplex(`a part of ${data.length} bytes inflates past ${cap} bytes`);
      throw error;
    }
    this.take(output.length);
    return output;
  }
}

/** Refuses an image whose header claims more pixels than the budget (what a viewer would have to decode). */
export function checkPixels(width: number, height: number, limit = HEAVY_WORK.imagePixels) {
  if (width * height > limit) throw new TooComplex(`${width}×${height} pixels is past ${limit}`);
}
