import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ExportSink } from '../src/features/harvesting/export-sink';

/**
 * The export's file sink (decision 0082): a writer that waits for the disk between pieces leaves nothing behind on
 * the stream — a 10,000-paper export waits thousands of times.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'export-sink-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an export sink waiting for the disk', () => {
  it('writes every piece and keeps no listener from one wait to the next', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const sink = new ExportSink(path.join(dir, 'big.part'));
    const piece = Buffer.alloc(256 * 1024, 'x');
    try {
      for (let n = 0; n < 200; n += 1) await sink.write(piece);
      expect(await sink.close()).toBe(200 * piece.length);
      // The warning is emitted on the next turn of the loop.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(statSync(sink.path).size).toBe(200 * piece.length);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});
