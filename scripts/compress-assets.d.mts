/** Types of compress-assets.mjs, for the server tests that serve what it writes. */
export function compress(content: Buffer): { br: Buffer; gz: Buffer };
export function compressAssets(dist: string): { name: string; raw: number; gzip: number; brotli: number }[];
