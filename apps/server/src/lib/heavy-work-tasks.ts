import { UncleanableDocument, withoutAuthorMetadata } from './document-metadata';
import { TooComplex } from './expansion';
import { checkBmpPixels, MalformedImage } from './image-metadata';

/**
 * The heavy work itself, as the worker runs it (src/heavy-work.ts, decision 0070): a file cleaned of its author
 * details within its expansion and pixel budgets. Errors do not cross a thread's boundary with their classes, so
 * a refusal comes back as a value.
 */

export interface CleanTask {
  content: Uint8Array;
  mimeType: string;
}

export type CleanResult =
  { ok: true; content: Uint8Array } | { ok: false; refusal: 'tooComplex' | 'uncleanable'; detail: string };

/** An animated PNG is a PNG: the same chunks, the same cleaner. */
const CLEANED_AS: Record<string, string> = { 'image/apng': 'image/png' };

export async function clean({ content, mimeType }: CleanTask): Promise<CleanResult> {
  const file = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  try {
    // A BMP holds pixels and sizes only: nothing to remove, its size is still checked.
    if (mimeType === 'image/bmp') {
      checkBmpPixels(file);
      return { ok: true, content: file };
    }
    return { ok: true, content: await withoutAuthorMetadata(file, CLEANED_AS[mimeType] ?? mimeType) };
  } catch (error) {
    const detail = (error as Error).message;
    if (error instanceof TooComplex) return { ok: false, refusal: 'tooComplex', detail };
    if (error instanceof UncleanableDocument || error instanceof MalformedImage)
      return { ok: false, refusal: 'uncleanable', detail };
    throw error;
  }
}
