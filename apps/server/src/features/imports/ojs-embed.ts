import { open, rm, type FileHandle } from 'node:fs/promises';

/**
 * One base64 `<embed>` of an XML export, decoded as it streams and written to a file of the import's work folder
 * (decision 0077): the parser hands over the text piece by piece as it reads it (`push`, synchronous), and the
 * reader writes what was decoded after each chunk of the file (`flush`), so no more than a chunk of the file is ever
 * held. Past `maxBytes` decoded, or on a character that is not base64, the file is given up and removed.
 */
export type EmbedState = 'writing' | 'done' | 'tooLarge' | 'invalid';

const BASE64 = /^[A-Za-z0-9+/]*=*$/;
const SPACE = /\s+/g;

export class EmbeddedFile {
  state: EmbedState = 'writing';
  bytes = 0;
  private carry = '';
  private padded = false;
  private pending: Buffer[] = [];
  private handle: FileHandle | null = null;
  private removed = false;

  constructor(
    readonly path: string,
    private readonly maxBytes: number,
  ) {}

  /** A piece of the element's text, in document order. */
  push(text: string): void {
    if (this.state !== 'writing') return;
    const piece = text.replace(SPACE, '');
    if (piece.length === 0) return;
    // '=' pads the end only: anything after it, or any other character, is not base64.
    if (!BASE64.test(piece) || (this.padded && /[^=]/.test(piece))) {
      this.fail('invalid');
      return;
    }
    if (piece.includes('=')) this.padded = true;
    const all = this.carry + piece;
    const whole = all.length - (all.length % 4);
    this.carry = all.slice(whole);
    if (whole > 0) this.take(Buffer.from(all.slice(0, whole), 'base64'));
  }

  /** The element closed: what is left must make a whole last group of four. */
  end(): void {
    if (this.state !== 'writing') return;
    if (this.carry.length > 0) {
      this.fail('invalid');
      return;
    }
    this.state = 'done';
  }

  /** Writes what was decoded since the last flush; closes the file once the element is done, removes it if failed. */
  async flush(): Promise<void> {
    if (this.state === 'tooLarge' || this.state === 'invalid') {
      await this.remove();
      return;
    }
    if (this.pending.length > 0) {
      this.handle ??= await open(this.path, 'w');
      const buffers = this.pending;
      this.pending = [];
      for (const buffer of buffers) await this.handle.write(buffer);
    }
    if (this.state === 'done') {
      // An empty embed still makes an (empty) file, so that the record can say which file it was.
      this.handle ??= await open(this.path, 'w');
      await this.handle.close();
      this.handle = null;
    }
  }

  /** Removes the file (a file no galley took, or the reader is stopping). */
  async remove(): Promise<void> {
    this.pending = [];
    if (this.handle) {
      await this.handle.close();
      this.handle = null;
    }
    if (!this.removed) {
      this.removed = true;
      await rm(this.path, { force: true });
    }
  }

  private take(buffer: Buffer) {
    this.bytes += buffer.length;
    if (this.bytes > this.maxBytes) {
      this.fail('tooLarge');
      return;
    }
    this.pending.push(buffer);
  }

  private fail(state: 'tooLarge' | 'invalid') {
    this.state = state;
    this.pending = [];
    this.carry = '';
  }
}
