import type { ImportReader, ReaderInput } from './model';
import { ImportFileError } from './model';
import { readNativeXml } from './ojs-native-xml';
import { isZip, readNativeZip } from './ojs-zip';

/**
 * `readOjsNative`: an OJS Native XML export (ojs-native-xml.ts), uploaded as its XML alone or as a zip with the files
 * its galleys name beside it (ojs-zip.ts). Decision 0077.
 */
async function* readNative(input: ReaderInput & { file: string }) {
  if (await isZip(input.file)) yield* readNativeZip(input.file, input);
  else yield* readNativeXml(input.file, input, null);
}

export const readOjsNative: ImportReader = (input) => {
  if (!input.file) throw new ImportFileError('importOjs.notNative', { element: '' });
  return readNative({ ...input, file: input.file });
};
