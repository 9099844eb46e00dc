// Writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of a built web app's assets/, so the
// server sends them as they are (@fastify/static preCompressed) and never compresses per request. The web build
// runs it after vite build: node scripts/compress-assets.mjs apps/web/dist
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;

/** The brotli (quality 11) and gzip (level 9) forms of a file's bytes: the slowest, smallest settings, paid once. */
export function compress(content) {
  return {
    br: brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz: gzipSync(content, { level: 9 }),
  };
}

/** Compresses every compressible file of dist/assets; a form is written only when it is smaller than the file. */
export function compressAssets(dist) {
  const assets = path.join(dist, 'assets');
  return readdirSync(assets)
    .filter((name) => compressible.test(name))
    .map((name) => {
      const file = path.join(assets, name);
      const content = readFileSync(file);
      const { br, gz } = compress(content);
      if (br.length < content.length) writeFileSync(`${file}.br`, br);
      if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
      return { name, raw: content.length, gzip: gz.length, brotli: br.length };
    });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dist = process.argv[2];
  if (!dist) throw new Error('usage: node scripts/compress-assets.mjs <dist folder>');
  for (const { name, raw, gzip, brotli } of compressAssets(dist)) {
    console.log(
      `${name.padEnd(32)} ${String(raw).padStart(9)} B  gzip ${String(gzip).padStart(8)} B  br ${String(brotli).padStart(8)} B`,
    );
  }
}
