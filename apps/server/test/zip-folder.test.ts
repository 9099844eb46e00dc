import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { translate } from '@journals/core/i18n/index';
import { ZIP_READ_LIMITS } from '@journals/core/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError } from '../src/features/imports/model';
import { openZipFolder, type ZipReadLimits } from '../src/features/imports/zip-folder';
import {
  declareSize,
  manyEntriesZip,
  markEncrypted,
  renameEntry,
  setMethod,
  symlinkZip,
  zerosZip,
  zipOf,
} from './fixtures/jats/evil-zips';

/**
 * An uploaded zip opened as a folder (issue 45 §2, decision 0078): its files by name, each a stream; and every zip
 * that would write outside its folder, unpack past the budgets or hide something refused whole, with a reason the
 * manager reads in English and Arabic, before anything is unpacked.
 */

let dir: string;
let count = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zip-folder-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function saved(zip: Buffer) {
  count += 1;
  const path = join(dir, `upload-${count}.zip`);
  await writeFile(path, zip);
  return path;
}

/** The refusal of opening (or reading) a zip: its reason, values and both translations. */
async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  const { reason, values } = error as ImportFileError;
  return { reason, values, en: translate('en', reason, values), ar: translate('ar', reason, values) };
}

describe('a zip a typesetter delivers', () => {
  it('lists its files (not its folders) and gives each as a stream', async () => {
    const path = await saved(
      zipOf({ 'articles/': new Uint8Array(), 'articles/a1.xml': '<article/>', 'articles/a1.pdf': '%PDF-1.7 x' }),
    );
    const folder = await openZipFolder(path);
    expect(folder.names()).toEqual(['articles/a1.xml', 'articles/a1.pdf']);
    expect(folder.bytes('articles/a1.pdf')).toBe(10);
    expect(folder.bytes('articles/none.pdf')).toBeUndefined();
    expect(await text(await folder.open('articles/a1.xml'))).toBe('<article/>');
    const to = join(dir, 'a1.pdf');
    expect(await folder.extract('articles/a1.pdf', to)).toBe(10);
    expect(await readFile(to, 'utf8')).toBe('%PDF-1.7 x');
    folder.close();
  });

  it('reads names written in Arabic (UTF-8) as they are', async () => {
    const folder = await openZipFolder(await saved(zipOf({ 'مقالات/بحث-١.xml': '<article/>' })));
    expect(folder.names()).toEqual(['مقالات/بحث-١.xml']);
    folder.close();
  });

  it('refuses to extract a file past the size the caller allows, and leaves nothing behind', async () => {
    const folder = await openZipFolder(await saved(zipOf({ 'big.pdf': new Uint8Array(3000) })));
    const to = join(dir, 'big.pdf');
    const refused = await refusal(folder.extract('big.pdf', to, 1000));
    expect(refused.reason).toBe('importJats.zipEntryTooLarge');
    await expect(readFile(to)).rejects.toThrow(/ENOENT/);
    folder.close();
  });
});

describe('a zip that is refused whole', () => {
  it.each([
    ['a parent folder', '../../evil.txt'],
    ['an absolute path', '/etc/evil.txt'],
    ['a drive letter', 'C:/evil/x.txt'],
    ['backslashes', 'a\\..\\..\\evil'],
  ])('with a path through %s', async (_case, name) => {
    const zip = zipOf({ 'ok.xml': '<article/>', [name.replace(/\\/g, '_')]: 'evil' });
    const refused = await refusal(openZipFolder(await saved(renameEntry(zip, name.replace(/\\/g, '_'), name))));
    expect(refused.reason).toBe('importJats.zipPathOutside');
    expect(refused.en).toBe(`The zip holds a path that leaves its folder (${name}); such a zip is refused`);
    expect(refused.ar).toContain('يخرج من مجلده');
  });

  it('with a bomb: an entry of 100 MB of zeros, in bounded time and nothing unpacked', async () => {
    const bomb = await zerosZip('zeros.pdf', 100 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const refused = await refusal(openZipFolder(await saved(bomb)));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(refused.reason).toBe('importJats.zipTooCompressed');
    expect(refused.en).toBe(
      `zeros.pdf unpacks to more than ${ZIP_READ_LIMITS.expansionRatio} times its size in the zip, which no real file does (a zip bomb); the zip is refused`,
    );
    expect(refused.ar).toContain('قنبلة ضغط');
    expect(refused.ar).toContain('٢٠٠');
  });

  it('with 100,000 entries, refused from its directory before one is read', async () => {
    const refused = await refusal(openZipFolder(await saved(manyEntriesZip(100_000))));
    expect(refused.reason).toBe('importJats.zipTooManyEntries');
    // fflate writes the count in 16 bits without ZIP64 (100,000 reads as 34,464): the count the directory gives.
    expect(refused.en).toMatch(/^The zip holds [\d,]+ files; an import takes at most 30,000$/);
    expect(refused.ar).toContain('٣٠٬٠٠٠');
  });

  it('with a symbolic link', async () => {
    const refused = await refusal(openZipFolder(await saved(symlinkZip('a1.pdf', '/etc/passwd'))));
    expect(refused.reason).toBe('importJats.zipSymlink');
    expect(refused.en).toBe('a1.pdf is a symbolic link; a zip holding links is refused');
  });

  it('with an encrypted entry', async () => {
    const refused = await refusal(openZipFolder(await saved(markEncrypted(zipOf({ 'a1.xml': '<article/>' })))));
    expect(refused.reason).toBe('importJats.zipEncrypted');
    expect(refused.ar).toContain('كلمة مرور');
  });

  it('with a compression method other than stored or deflated', async () => {
    const refused = await refusal(openZipFolder(await saved(setMethod(zipOf({ 'a1.xml': '<article/>' }), 12))));
    expect(refused.reason).toBe('importJats.zipMethod');
  });

  it('with two entries of one name', async () => {
    const zip = renameEntry(zipOf({ 'a1.xml': '<article/>', 'a2.xml': '<article/>' }), 'a2.xml', 'a1.xml');
    const refused = await refusal(openZipFolder(await saved(zip)));
    expect(refused).toMatchObject({ reason: 'importJats.zipDuplicate', en: 'The zip holds a1.xml twice' });
  });

  it('with an entry, or all of them, past the byte budgets (declared sizes)', async () => {
    const limits: ZipReadLimits = { ...ZIP_READ_LIMITS, entryBytes: 2 * 1024 * 1024, totalBytes: 3 * 1024 * 1024 };
    const mb = 1024 * 1024;
    const two = await saved(zipOf({ 'a.pdf': new Uint8Array(1.5 * mb), 'b.pdf': new Uint8Array(1.6 * mb) }, 0));
    const total = await refusal(openZipFolder(two, limits));
    expect(total).toMatchObject({ reason: 'importJats.zipTooLarge', en: 'The zip unpacks to more than 3 MB in all' });
    const one = await saved(zipOf({ 'a.pdf': new Uint8Array(2.5 * mb) }, 0));
    const entry = await refusal(openZipFolder(one, limits));
    expect(entry).toMatchObject({ reason: 'importJats.zipEntryTooLarge', en: 'a.pdf unpacks to more than 2 MB' });
    expect(entry.ar).toContain('٢ ميغابايت');
  });

  it('that is no zip at all', async () => {
    const refused = await refusal(openZipFolder(await saved(Buffer.from('<article>not a zip</article>'))));
    expect(refused.reason).toBe('importJats.zipUnreadable');
    expect(refused.ar).toBe('الملف ليس أرشيفًا مضغوطًا (zip)، أو أنه تالف');
  });
});

describe('an entry whose declared size lies', () => {
  it('stops at its declared size as it inflates: the stream fails, the extracted file is removed', async () => {
    // 5 MB of zeros declared as 500 KB: within the ratio's free allowance, so the directory looks honest.
    const liar = declareSize(await zerosZip('paper.pdf', 5 * 1024 * 1024), 500 * 1024);
    const folder = await openZipFolder(await saved(liar));
    expect(folder.bytes('paper.pdf')).toBe(500 * 1024);
    const refused = await refusal(text(await folder.open('paper.pdf')));
    expect(refused).toMatchObject({ reason: 'importJats.zipEntryBroken', values: { name: 'paper.pdf' } });
    const out = join(dir, 'liar');
    await rm(out, { recursive: true, force: true });
    await mkdir(out);
    expect((await refusal(folder.extract('paper.pdf', join(out, 'paper.pdf')))).reason).toBe(
      'importJats.zipEntryBroken',
    );
    expect(await readdir(out)).toEqual([]);
    folder.close();
  });
});
