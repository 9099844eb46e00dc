import type { ExpansionBudget } from './expansion';

/**
 * The parts of a zip (a DOCX), read from its central directory and inflated one by one within an expansion budget
 * (decision 0070): a part that inflates past it stops the reading there. Stored (0) and deflated (8) parts only;
 * an encrypted, ZIP64 or otherwise unusual archive is one we cannot read (`MalformedZip`).
 */
export class MalformedZip extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

const malformed = (why: string): never => {
  throw new MalformedZip(`not a readable zip: ${why}`);
};

/** The end-of-central-directory record: within the last 64 KiB + 22 bytes (its comment is at most 65,535 bytes). */
function endOfDirectory(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--)
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  return malformed('no end of central directory');
}

export function readZipParts(zip: Buffer, budget: ExpansionBudget): Record<string, Uint8Array> {
  if (zip.length < 22) malformed('too short');
  const end = endOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) malformed('ZIP64');
  const parts: Record<string, Uint8Array> = {};
  for (let index = 0; index < count; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) malformed('a broken directory entry');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 0x1) malformed('encrypted');
    if (localAt + 30 > zip.length || zip.readUInt32LE(localAt) !== LOCAL_HEADER) malformed('a broken local header');
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const data = zip.subarray(dataAt, dataAt + compressedSize);
    if (dataAt + compressedSize > zip.length) malformed('a part past the end');
    if (name.endsWith('/')) continue; // a folder
    if (method === 0) {
      budget.take(data.length);
      parts[name] = data;
    } else if (method === 8) {
      parts[name] = budget.inflate(data, 'raw');
    } else malformed(`compression method ${method}`);
  }
  return parts;
}
