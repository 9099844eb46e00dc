import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';

/**
 * HTML → PDF with the system Chromium (DESIGN §7: Arabic needs real shaping and bidi). One browser per process,
 * launched on the first render and closed with the app; each render gets its own page.
 */
export class PdfRenderer {
  private browser: Promise<Browser> | null = null;

  constructor(private readonly executablePath = '/usr/bin/chromium') {}

  private launch(): Promise<Browser> {
    if (!this.browser) {
      const launching = chromium.launch({
        executablePath: this.executablePath,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
      this.browser = launching;
      launching.then(
        (browser) => browser.on('disconnected', () => (this.browser = null)),
        () => (this.browser = null),
      );
    }
    return this.browser;
  }

  async render(html: string): Promise<Buffer> {
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
