/** Demo images drawn as SVG, so the seed needs no binary assets. */

export function logoSvg(initials: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
<circle cx="80" cy="80" r="76" fill="${color}"/><circle cx="80" cy="80" r="64" fill="none" stroke="#fff" stroke-width="3"/>
<text x="80" y="96" font-family="Georgia, serif" font-size="48" font-weight="bold" fill="#fff" text-anchor="middle">${initials}</text>
</svg>`;
}

export function coverSvg(title: string, subtitle: string, from: string, to: string, rtl: boolean): string {
  // In right-to-left text, "start" is the right edge: anchoring there keeps the title inside the banner.
  const anchor = 'start';
  const x = rtl ? 1140 : 60;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360" viewBox="0 0 1200 360">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="360" fill="url(#g)"/>
<g fill="#fff" opacity="0.08">${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 110}" y="${(i % 3) * 90}" width="80" height="240" rx="6"/>`).join('')}</g>
<text x="${x}" y="170" direction="${rtl ? 'rtl' : 'ltr'}" font-family="Amiri, Georgia, serif" font-size="54" font-weight="bold" fill="#fff" text-anchor="${anchor}">${title}</text>
<text x="${x}" y="230" direction="${rtl ? 'rtl' : 'ltr'}" font-family="Amiri, Georgia, serif" font-size="28" fill="#e8eefc" text-anchor="${anchor}">${subtitle}</text>
</svg>`;
}

/**
 * A demo slide's picture: colour and rings only. Its caption is the page's text over it, in the reader's language; a
 * word drawn into the picture would be English on the Arabic pages too (issue 22 §2).
 */
export function slideSvg(from: string, to: string, variant = 0): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="420" viewBox="0 0 1200 420">
<defs><radialGradient id="r" cx="0.3" cy="0.3" r="0.9"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient></defs>
<rect width="1200" height="420" fill="url(#r)"/>
<g stroke="#fff" stroke-opacity="0.15" fill="none">${Array.from({ length: 8 }, (_, i) => `<circle cx="${900 - variant * 260}" cy="${210}" r="${30 + i * 28}"/>`).join('')}</g>
</svg>`;
}
