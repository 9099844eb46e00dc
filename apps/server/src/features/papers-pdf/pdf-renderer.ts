import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';

/**
 * HTML → PDF with the system Chromium (DESIGN §7: Arabic needs real shaping and bidi). One browser per process,
 * launched on the first render and closed with the app; each render gets its own page. The same HTML rendered
 * again within a minute answers the PDF already made (the paper page checks the form before opening it).
 */
export class PdfRenderer {
  private browser: Promise<Browser> | null = null;
  private readonly recent = new Map<string, { pdf: Buffer; at: number }>();

  constructor(
    private readonly executablePath = '/usr/bin/chromium',
    private readonly reuseMs = 60_000,
    private readonly reuseCount = 20,
  ) {}

  private launch(): Promise<Browser> {
    if (!this.browser) {
      // Loaded on the first render, not at start: playwright-core alone takes about 0.4 s to load.
      const launching = import('playwright-core').then(({ chromium }) =>
        chromium.launch({
          executablePath: this.executablePath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        }),
      );
      this.browser = launching;
      launching.then(
        (browser) => browser.on('disconnected', () => (this.browser = null)),
        () => (this.browser = null),
      );
    }
    return this.browser;
  }

  async render(html: string): Promise<Buffer> {
    const key = createHash('sha256').update(html).digest('hex');
    const now = Date.now();
    const recent = this.recent.get(key);
    if (recent && now - recent.at < this.reuseMs) return recent.pdf;
    const pdf = await this.renderNow(html);
    this.recent.delete(key);
    this.recent.set(key, { pdf, at: now });
    // A Map keeps insertion order: the first key is the oldest.
    if (this.recent.size > this.reuseCount) this.recent.delete(this.recent.keys().next().value!);
    return pdf;
  }

  private async renderNow(html: string): Promise<Buffer> {
    const browser = await this.launch();
    // No network: the template carries everything (fonts are local, the logo is a data URL).
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    try {
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load', timeout: 15_000 });
      return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    } finally {
      await context.close();
    }
  }

  async close() {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }
}
