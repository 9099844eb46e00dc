import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MB } from '@journals/core/files';
import { ZIP_READ_LIMITS } from '@journals/core/limits';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ImportFileError } from './model';

/**
 * An uploaded zip as a folder of files (issue 45, decision 0078): its central directory is read once, lazily, entry
 * by entry, and every entry is checked before anything is unpacked — a path that leaves the folder, too many
 * entries, declared sizes past the budgets or compressed past the ratio, encryption, symbolic links, methods other
 * than stored and deflated. A file is then read as a stream (never the whole archive, nor a whole entry, in memory),
 * its inflated bytes counted against its declared size and the zip's total as they come (yauzl checks the
 * declared size too). Everything refused is an ImportFileError with its translated reason.
 */

export type ZipReadLimits = { [K in keyof typeof ZIP_READ_LIMITS]: number };

export interface ZipFolder {
  /** The files (not the folders), in the zip's order, as their paths inside it ("articles/a1.xml"). */
  names(): string[];
  /** A file's size once unpacked, or undefined when the zip has no such file. */
  bytes(name: string): number | undefined;
  open(name: string): Promise<Readable>;
  /** Unpacks a file to `toPath`, refusing it past `maxBytes`; gives the bytes written. Nothing is left on failure. */
  extract(name: string, toPath: string, maxBytes?: number): Promise<number>;
  close(): void;
}

const megabytes = (bytes: number) => Math.floor(bytes / MB);
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const UNIX = 3;

type LowLevelName = (flags: number, raw: Buffer, extraFields: Entry['extraFields'], strict: boolean) => string;
/** yauzl 3's decoder (UTF-8 flag, Info-ZIP Unicode path field), missing from @types/yauzl 2. */
const fileNameOf = (entry: Entry) =>
  (yauzl as unknown as { getFileNameLowLevel: LowLevelName }).getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    entry.fileName as unknown as Buffer,
    entry.extraFields,
    true,
  );

/** Whether a path stays in the folder: relative, forward slashes only, no `..`, no drive letter, no NUL. */
export function staysInFolder(name: string) {
  if (name === '' || name.includes('\\') || name.includes('\0')) return false;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return false;
  return !name.split('/').includes('..');
}

function checkEntry(entry: Entry, name: string, limits: ZipReadLimits) {
  if (!staysInFolder(name)) throw new ImportFileError('importJats.zipPathOutside', { name });
  const unixMode = entry.versionMadeBy >> 8 === UNIX ? (entry.externalFileAttributes >>> 16) & S_IFMT : 0;
  if (unixMode === S_IFLNK) throw new ImportFileError('importJats.zipSymlink', { name });
  if ((entry.generalPurposeBitFlag & 1) !== 0) throw new ImportFileError('importJats.zipEncrypted', { name });
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    throw new ImportFileError('importJats.zipMethod', { name });
  if (entry.uncompressedSize > limits.entryBytes)
    throw new ImportFileError('importJats.zipEntryTooLarge', { name, megabytes: megabytes(limits.entryBytes) });
  const cap = Math.max(limits.ratioFreeBytes, entry.compressedSize * limits.expansionRatio);
  if (entry.uncompressedSize > cap)
    throw new ImportFileError('importJats.zipTooCompressed', { name, ratio: limits.expansionRatio });
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    const options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true };
    yauzl.open(path, options, (error, zip) => {
      if (error || !zip) reject(new ImportFileError('importJats.zipUnreadable', {}, error?.message));
      else resolve(zip);
    });
  });
}

/** Reads the central directory, an entry at a time, checking each; the files by name. */
function readEntries(zip: ZipFile, limits: ZipReadLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let total = 0;
    const fail = (error: unknown) => {
      zip.removeAllListeners('entry');
      reject(
        error instanceof ImportFileError ? error : new ImportFileError('importJats.zipUnreadable', {}, String(error)),
      );
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      try {
        const name = fileNameOf(entry);
        checkEntry(entry, name, limits);
        if (!name.endsWith('/')) {
          if (entries.has(name)) throw new ImportFileError('importJats.zipDuplicate', { name });
          total += entry.uncompressedSize;
          if (total > limits.totalBytes)
            throw new ImportFileError('importJats.zipTooLarge', { megabytes: megabytes(limits.totalBytes) });
          entries.set(name, entry);
        }
        zip.readEntry();
      } catch (error) {
        fail(error);
      }
    });
    zip.readEntry();
  });
}

/** Opens an uploaded zip, refusing it whole (ImportFileError) when any entry is past a budget or unsafe. */
export async function openZipFolder(path: string, limits: ZipReadLimits = ZIP_READ_LIMITS): Promise<ZipFolder> {
  const zip = await openZip(path);
  let entries: Map<string, Entry>;
  try {
    if (zip.entryCount > limits.entries)
      throw new ImportFileError('importJats.zipTooManyEntries', { count: zip.entryCount, max: limits.entries });
    entries = await readEntries(zip, limits);
  } catch (error) {
    zip.close();
    throw error;
  }
  let inflated = 0;

  async function open(name: string): Promise<Readable> {
    const entry = entries.get(name);
    if (!entry) throw new Error(`no file ${name} in the zip`);
    const raw = await new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream))),
    ).catch((error: unknown) => {
      throw new ImportFileError('importJats.zipEntryBroken', { name }, String(error));
    });
    let seen = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        inflated += chunk.length;
        if (seen > entry.uncompressedSize) return done(new ImportFileError('importJats.zipEntryBroken', { name }));
        if (inflated > limits.totalBytes)
          return done(new ImportFileError('importJats.zipTooLarge', { megabytes: megabytes(limits.totalBytes) }));
        done(null, chunk);
      },
    });
    // yauzl's own checks (a size that lies, a damaged deflate stream) end the stream with its error: ours instead.
    raw.on('error', (error) =>
      counted.destroy(new ImportFileError('importJats.zipEntryBroken', { name }, error.message)),
    );
    counted.on('close', () => {
      if (!raw.readableEnded) {
        raw.unpipe(counted);
        raw.destroy();
      }
    });
    return raw.pipe(counted);
  }

  async function extract(name: string, toPath: string, maxBytes = limits.entryBytes) {
    const declared = entries.get(name)?.uncompressedSize ?? 0;
    const tooLarge = () => new ImportFileError('importJats.zipEntryTooLarge', { name, megabytes: megabytes(maxBytes) });
    if (declared > maxBytes) throw tooLarge();
    let written = 0;
    const bounded = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        done(written > maxBytes ? tooLarge() : null, chunk);
      },
    });
    try {
      await pipeline(await open(name), bounded, createWriteStream(toPath));
    } catch (error) {
      await rm(toPath, { force: true });
      throw error;
    }
    return written;
  }

  return {
    names: () => [...entries.keys()],
    bytes: (name) => entries.get(name)?.uncompressedSize,
    open,
    extract,
    close: () => zip.close(),
  };
}
