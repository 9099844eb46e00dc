// Renders docs/manual/manual.html to apps/server/assets/manual.pdf with Chromium, which shapes Arabic and
// lays out right-to-left text correctly (DESIGN §7). Run after editing the manual: node scripts/build-manual.mjs
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
await page.goto(pathToFileURL(path.resolve('docs/manual/manual.html')).href);
await page.pdf({ path: 'apps/server/assets/manual.pdf', format: 'A4', printBackground: true });
await browser.close();
console.log('wrote apps/server/assets/manual.pdf');
