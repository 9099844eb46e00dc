import { afterAll, describe, expect, it } from 'vitest';
import { PdfRenderer } from '../src/features/papers-pdf/pdf-renderer';

/** The PDF renderer reuses a render of the same HTML for a minute (the paper page checks before it opens). */

const renderer = new PdfRenderer('/usr/bin/chromium', 60_000, 2);
afterAll(() => renderer.close());

describe('PdfRenderer', () => {
  it('answers the same HTML with the PDF it made, and other HTML with a new one', async () => {
    const first = await renderer.render('<p>One</p>');
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await renderer.render('<p>One</p>')).toBe(first);
    const other = await renderer.render('<p>Two</p>');
    expect(other).not.toBe(first);
  });

  it('keeps only the most recent renders', async () => {
    const kept = await renderer.render('<p>A</p>');
    await renderer.render('<p>B</p>');
    await renderer.render('<p>C</p>');
    // Three renders into room for two: the oldest is made again.
    expect(await renderer.render('<p>A</p>')).not.toBe(kept);
  });

  it('makes it again once the minute has passed', async () => {
    const short = new PdfRenderer('/usr/bin/chromium', 0, 5);
    try {
      const first = await short.render('<p>Now</p>');
      expect(await short.render('<p>Now</p>')).not.toBe(first);
    } finally {
      await short.close();
    }
  });
});
