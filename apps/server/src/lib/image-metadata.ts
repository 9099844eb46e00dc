/**
 * Images without what names their maker (docs/decisions/0028): EXIF (artist, owner, camera serial, GPS), XMP,
 * IPTC and text comments are taken out; the pixels, colour profile and format are kept. Each format is walked by
 * its own container structure, byte for byte, so nothing is decoded or re-encoded. Throws on a malformed image, and
 * `TooComplex` on one whose header claims more pixels than the budget (a decompression bomb for whoever views it).
 */
import { checkPixels } from './expansion';

export class MalformedImage extends Error {}

const malformed = (): never => {
  throw new MalformedImage('malformed image');
};

/** JPEG: keeps JFIF (APP0), the ICC profile (APP2) and Adobe's colour transform (APP14); drops every other APPn and COM. */
export function jpegWithoutMetadata(image: Buffer): Buffer {
  if (image[0] !== 0xff || image[1] !== 0xd8) malformed();
  const kept: Buffer[] = [image.subarray(0, 2)];
  let at = 2;
  while (at < image.length) {
    if (image[at] !== 0xff) malformed();
    const marker = image[at + 1]!;
    if (marker === 0xff) {
      at += 1; // a fill byte
      continue;
    }
    // Start of scan: the compressed data and whatever follows it are the picture itself.
    if (marker === 0xda || marker === 0xd9) {
      kept.push(image.subarray(at));
      return Buffer.concat(kept);
    }
    if (at + 4 > image.length) malformed();
    const length = image.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > image.length) malformed();
    // A start of frame (SOF0–SOF15 but DHT, JPG and DAC) gives the picture's height and width.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker) && length >= 7)
      checkPixels(image.readUInt16BE(at + 7), image.readUInt16BE(at + 5));
    const application = marker >= 0xe0 && marker <= 0xef;
    const drop = marker === 0xfe || (application && ![0xe0, 0xe2, 0xee].includes(marker));
    if (!drop) kept.push(image.subarray(at, end));
    at = end;
  }
  return malformed();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Text (author, comment, software), EXIF and the last-modified time. */
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

export function pngWithoutMetadata(image: Buffer): Buffer {
  if (!image.subarray(0, 8).equals(PNG_SIGNATURE)) malformed();
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  while (at < image.length) {
    if (at + 12 > image.length) malformed();
    const length = image.readUInt32BE(at);
    const type = image.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > image.length) malformed();
    if (type === 'IHDR' && length >= 8) checkPixels(image.readUInt32BE(at + 8), image.readUInt32BE(at + 12));
    if (!PNG_DROPPED.has(type)) kept.push(image.subarray(at, end));
    at = end;
    if (type === 'IEND') return Buffer.concat(kept);
  }
  return malformed();
}

/** WebP: drops the EXIF and XMP chunks and clears their flags in the extended header. */
export function webpWithoutMetadata(image: Buffer): Buffer {
  if (image.toString('latin1', 0, 4) !== 'RIFF' || image.toString('latin1', 8, 12) !== 'WEBP') malformed();
  const kept: Buffer[] = [];
  let at = 12;
  while (at < image.length) {
    if (at + 8 > image.length) malformed();
    const type = image.toString('latin1', at, at + 4);
    const size = image.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > image.length) malformed();
    const chunk = Buffer.from(image.subarray(at, Math.min(end, image.length)));
    checkWebpPixels(type, chunk);
    if (type === 'VP8X') chunk[8] = chunk[8]! & ~0x0c;
    if (type !== 'EXIF' && type !== 'XMP ') kept.push(chunk);
    at = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([header, body]);
}

/** The canvas (VP8X) or frame (VP8, VP8L) size of a WebP chunk, against the pixel budget. */
function checkWebpPixels(type: string, chunk: Buffer) {
  if (type === 'VP8X' && chunk.length >= 18) checkPixels(chunk.readUIntLE(12, 3) + 1, chunk.readUIntLE(15, 3) + 1);
  else if (type === 'VP8 ' && chunk.length >= 18)
    checkPixels(chunk.readUInt16LE(14) & 0x3fff, chunk.readUInt16LE(16) & 0x3fff);
  else if (type === 'VP8L' && chunk.length >= 13) {
    const bits = chunk.readUInt32LE(9);
    checkPixels((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
}

/** BMP holds only pixels and sizes: nothing to clean, but its claimed size is checked like the others'. */
export function checkBmpPixels(image: Buffer) {
  if (image.length < 26 || image.toString('latin1', 0, 2) !== 'BM') malformed();
  checkPixels(Math.abs(image.readInt32LE(18)), Math.abs(image.readInt32LE(22)));
}

/** GIF: drops comment extensions and XMP application extensions; keeps frames, loops and timings. */
export function gifWithoutMetadata(image: Buffer): Buffer {
  if (!/^GIF8[79]a$/.test(image.toString('latin1', 0, 6)) || image.length < 13) malformed();
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  /** The end of a run of data sub-blocks starting at `at`. */
  const subBlocksEnd = (from: number) => {
    let at = from;
    while (at < image.length && image[at] !== 0) at += image[at]! + 1;
    if (at >= image.length) malformed();
    return at + 1;
  };
  checkPixels(image.readUInt16LE(6), image.readUInt16LE(8));
  let at = 13 + colourTable(image[10]!);
  const kept: Buffer[] = [image.subarray(0, at)];
  while (at < image.length) {
    const introducer = image[at];
    if (introducer === 0x3b) {
      kept.push(image.subarray(at, at + 1));
      return Buffer.concat(kept);
    }
    if (introducer === 0x2c) {
      if (at + 10 > image.length) malformed();
      const dataStart = at + 10 + colourTable(image[at + 9]!) + 1; // + the LZW minimum code size
      const end = subBlocksEnd(dataStart);
      kept.push(image.subarray(at, end));
      at = end;
      continue;
    }
    if (introducer !== 0x21 || at + 2 > image.length) malformed();
    const label = image[at + 1];
    const end = subBlocksEnd(at + 2);
    const xmp = label === 0xff && image.toString('latin1', at + 3, at + 14) === 'XMP DataXMP';
    if (label !== 0xfe && !xmp) kept.push(image.subarray(at, end));
    at = end;
  }
  return malformed();
}
