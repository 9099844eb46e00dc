import { open, rm } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { IMPORT_READ_LIMITS } from '@journals/core/limits';
import type { ImportedRecord, ReaderInput } from './model';
import { ImportFileError } from './model';
import type { BesideFile } from './ojs-galley';
import { readNativeXml } from './ojs-native-xml';
import { openZipFolder, staysInFolder } from './zip-folder';

/**
 * An OJS Native XML export uploaded as a zip with its galleys' files beside it (`<href src="files/a.pdf"/>`,
 * decision 0077): the zip is opened safely (decision 0078), its one XML extracted to the work folder and read as a
 * stream, and each file a galley names extracted when the article is read — a path relative to the XML that stays
 * in the zip, at most IMPORT_READ_LIMITS.embeddedFileBytes.
 */

/** Whether the upload is a zip (its first bytes are a local file header). */
export async function isZip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

export async function* readNativeZip(zipPath: string, input: ReaderInput): AsyncGenerator<ImportedRecord> {
  const zip = await openZipFolder(zipPath);
  const xmlPath = join(input.workDir, 'ojs-export.xml');
  try {
    const xmls = zip.names().filter((name) => /\.xml$/i.test(name) && !name.startsWith('__MACOSX/'));
    const [xmlName] = xmls;
    if (xmls.length !== 1 || !xmlName) throw new ImportFileError('importOjs.zipXml', { count: xmls.length });
    await zip.extract(xmlName, xmlPath);
    let count = 0;
    const beside: BesideFile = async (src, name, mimeType) => {
      const inZip = posix.normalize(posix.join(posix.dirname(xmlName), src));
      if (!staysInFolder(inZip) || zip.bytes(inZip) === undefined) return null;
      count += 1;
      const path = join(input.workDir, `ojs-beside-${count}.bin`);
      const bytes = await zip.extract(inZip, path, IMPORT_READ_LIMITS.embeddedFileBytes);
      return { name, mimeType, path, bytes };
    };
    yield* readNativeXml(xmlPath, input, beside);
  } finally {
    zip.close();
    await rm(xmlPath, { force: true });
  }
}
