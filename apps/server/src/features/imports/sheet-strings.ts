import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';

/**
 * An XLSX workbook's shared strings (every distinct text of it, which its cells refer to by number) kept in a file
 * of the import's work folder, not in memory (decision 0080): a sheet of 100,000 papers with their abstracts holds
 * hundreds of megabytes of them. Each text is written once as it is read and read back at each cell that uses it;
 * memory keeps two numbers a text. exceljs gives all of them before the first row (its reader holds the sheet back
 * until the strings have been read).
 */
export class SharedStrings {
  private readonly fd: number;
  private readonly at: number[] = [];
  private readonly length: number[] = [];
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private written = 0;

  constructor(private readonly path: string) {
    this.fd = openSync(path, 'w+');
  }

  add(index: number, text: string) {
    const bytes = Buffer.from(text, 'utf8');
    this.at[index] = this.written + this.pendingBytes;
    this.length[index] = bytes.length;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= 1 << 20) this.flush();
  }

  get(index: number): string | null {
    const at = this.at[index];
    const length = this.length[index];
    if (at === undefined || length === undefined) return null;
    if (this.pendingBytes > 0) this.flush();
    const bytes = Buffer.alloc(length);
    readSync(this.fd, bytes, 0, length, at);
    return bytes.toString('utf8');
  }

  close() {
    closeSync(this.fd);
    rmSync(this.path, { force: true });
  }

  private flush() {
    const bytes = Buffer.concat(this.pending);
    writeSync(this.fd, bytes, 0, bytes.length, this.written);
    this.written += bytes.length;
    this.pending = [];
    this.pendingBytes = 0;
  }
}
