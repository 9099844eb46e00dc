import type { Page } from '@playwright/test';

/** A real PNG drawn by the browser (a cover, a slide): a gradient with a word on it. */
export async function coverPng(page: Page, word: string): Promise<Buffer> {
  const data = await page.evaluate((label) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 360;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 1200, 360);
    gradient.addColorStop(0, '#0b3d2e');
    gradient.addColorStop(1, '#2f9e44');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 1200, 360);
    context.fillStyle = '#ffffff';
    context.font = 'bold 64px sans-serif';
    context.fillText(label, 80, 200);
    return canvas.toDataURL('image/png').split(',')[1]!;
  }, word);
  return Buffer.from(data, 'base64');
}
