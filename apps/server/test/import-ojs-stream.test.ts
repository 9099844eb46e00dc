import { placeText } from '@journals/core/schemas/import-place';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { EmbeddedFile } from '../src/features/imports/ojs-embed';
import type { ImportedPaper } from '../src/features/imports/model';
import { readOjsNative } from '../src/features/imports/ojs-native';
import { filesIn, removeFolder, workFolder } from './ojs-reading';

/** The OJS reader as a stream (decision 0077): embedded files decoded as they come, memory flat as the file grows. */

const MiB = 1024 * 1024;

describe('an embedded file decoded as it streams', () => {
  it('decodes base64 cut anywhere, with line breaks, to the same bytes', async () => {
    const folder = await workFolder();
    const bytes = randomBytes(10_000);
    const text = bytes.toString('base64').replace(/(.{76})/g, '$1\n');
    for (const cut of [1, 3, 5, 997]) {
      const file = new EmbeddedFile(join(folder, `cut-${cut}.bin`), MiB);
      for (let at = 0; at < text.length; at += cut) file.push(text.slice(at, at + cut));
      file.end();
      await file.flush();
      expect(file.state).toBe('done');
      expect((await readFile(file.path)).equals(bytes)).toBe(true);
    }
    await removeFolder(folder);
  });

  it('gives up a file past its size or not base64, and leaves nothing on disk', async () => {
    const folder = await workFolder();
    const large = new EmbeddedFile(join(folder, 'large.bin'), 1000);
    large.push(randomBytes(600).toString('base64'));
    await large.flush();
    large.push(randomBytes(600).toString('base64'));
    large.end();
    await large.flush();
    expect(large.state).toBe('tooLarge');
    const invalid = new EmbeddedFile(join(folder, 'invalid.bin'), 1000);
    invalid.push('QUJD');
    await invalid.flush();
    invalid.push('QU=J');
    await invalid.flush();
    expect(invalid.state).toBe('invalid');
    expect(await filesIn(folder)).toEqual([]);
    await removeFolder(folder);
  });
});

/** A PDF-like file of `size` bytes, different for each `n`. */
function fakePdf(base: Buffer, n: number, size: number) {
  const file = Buffer.alloc(size);
  base.copy(file, 0, 0, Math.min(size, base.length));
  file.write(`%PDF-1.7 article ${n}\n`, 0);
  return file;
}

async function write(out: NodeJS.WritableStream, text: string) {
  if (!out.write(text)) await once(out, 'drain');
}

/** An issues export of about 200 MB: one article with a 101 MiB PDF, then 60 with 800 KiB ones. */
async function bigExport(folder: string) {
  const path = join(folder, 'big.xml');
  const out = createWriteStream(path);
  const base = randomBytes(800 * 1024);
  const article = (n: number, embed: () => Promise<void>) => async () => {
    await write(out, `<article locale="en_US" stage="production"><id type="internal">${n}</id>`);
    await write(out, `<submission_file id="${n}" stage="proof"><name locale="en_US">a${n}.pdf</name><file id="${n}">`);
    await write(out, '<embed encoding="base64" mime_type="application/pdf">');
    await embed();
    await write(out, '</embed></file></submission_file>');
    await write(
      out,
      `<publication locale="en_US" date_published="2022-01-01"><title locale="en_US">Article ${n}</title>`,
    );
    await write(
      out,
      `<title locale="ar">البحث ${n}</title><authors><author id="1" seq="0"><givenname locale="en_US">A</givenname></author></authors>`,
    );
    await write(
      out,
      `<article_galley><name locale="en_US">PDF</name><seq>0</seq><submission_file_ref id="${n}"/></article_galley>`,
    );
    await write(out, '</publication></article>\n');
  };
  await write(
    out,
    '<?xml version="1.0" encoding="UTF-8"?>\n<issues xmlns="http://pkp.sfu.ca"><issue><id type="internal">1</id>',
  );
  await write(
    out,
    '<issue_identification><volume>1</volume><number>1</number><year>2022</year></issue_identification><articles>',
  );
  await article(1, async () => {
    const piece = randomBytes(3 * MiB).toString('base64');
    for (let written = 0; written < 101 * MiB + 1; written += 3 * MiB) await write(out, piece);
  })();
  const digests = new Map<number, string>();
  for (let n = 2; n <= 61; n += 1) {
    const pdf = fakePdf(base, n, 800 * 1024);
    digests.set(n, createHash('sha256').update(pdf).digest('hex'));
    await article(n, () => write(out, pdf.toString('base64').replace(/(.{76})/g, '$1\n')))();
  }
  await write(out, '</articles></issue></issues>\n');
  out.end();
  await once(out, 'finish');
  return { path, digests };
}

describe('a 200 MB export with embedded PDFs', () => {
  it('is read with memory flat: each PDF written to the work folder with its bytes, the one past 100 MB refused', async () => {
    const folder = await workFolder();
    const workDir = join(folder, 'work');
    await import('node:fs/promises').then((fs) => fs.mkdir(workDir));
    const { path, digests } = await bigExport(folder);
    expect((await stat(path)).size).toBeGreaterThan(190 * 1000 * 1000);

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const places: string[] = [];
    let checked = 0;
    try {
      for await (const record of readOjsNative({ file: path, fileName: 'big.xml', url: null, workDir })) {
        peak = Math.max(peak, process.memoryUsage().rss);
        const place = placeText('en', record.place);
        places.push(record.kind === 'refused' ? `${place}: ${record.reason}` : place);
        if (record.kind !== 'paper') continue;
        const galley = (record as ImportedPaper).galley!;
        const n = Number(record.sourceId.slice(4));
        expect(galley.bytes).toBe(800 * 1024);
        if (n % 10 === 0) {
          expect(
            createHash('sha256')
              .update(await readFile(galley.path))
              .digest('hex'),
          ).toBe(digests.get(n));
          checked += 1;
        }
        // What the engine does with it: moves it to the storage.
        await rm(galley.path);
      }
    } finally {
      clearInterval(sampler);
    }
    expect(places).toHaveLength(61);
    expect(places[0]).toBe('issue 1 (vol. 1 no. 1) › article 1 (id 1): importOjs.fileTooLarge');
    expect(places[60]).toBe('issue 1 (vol. 1 no. 1) › article 61 (id 61)');
    expect(checked).toBe(6);
    expect(await filesIn(workDir)).toEqual([]);
    expect((peak - baseline) / MiB).toBeLessThan(60);
    await removeFolder(folder);
  }, 180_000);
});
