import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * Where an export is written (decision 0082): a file on disk, written as it is made and never held whole. `push`
 * takes bytes at once (the zip's callback cannot wait); `ready` waits while the disk is behind, so a writer that
 * awaits it between pieces keeps memory to a few chunks.
 */
export class ExportSink {
  readonly #stream: WriteStream;
  #behind = false;
  #error: Error | null = null;
  bytes = 0;

  constructor(readonly path: string) {
    this.#stream = createWriteStream(path, { flags: 'wx' });
    this.#stream.on('error', (error) => {
      this.#error = error;
    });
    this.#stream.on('drain', () => {
      this.#behind = false;
    });
  }

  push(chunk: Uint8Array | string) {
    if (this.#error) throw this.#error;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.bytes += bytes.length;
    if (!this.#stream.write(bytes)) this.#behind = true;
  }

  async ready() {
    if (this.#error) throw this.#error;
    // Until the disk caught up, or the stream closed (after an error): both listeners go once one is heard, so
    // thousands of waits leave none behind (a race of two `once` left an 'error' listener each time).
    if (this.#behind) {
      const stream = this.#stream;
      await new Promise<void>((resolve) => {
        const settle = () => {
          stream.off('drain', settle);
          stream.off('close', settle);
          resolve();
        };
        stream.on('drain', settle);
        stream.on('close', settle);
      });
    }
    if (this.#error) throw this.#error;
  }

  async write(chunk: Uint8Array | string) {
    this.push(chunk);
    await this.ready();
  }

  /** Closes the file; answers its size. */
  async close(): Promise<number> {
    if (this.#error) throw this.#error;
    this.#stream.end();
    await once(this.#stream, 'finish');
    return this.bytes;
  }

  /** Stops writing and removes what was written. */
  async abandon() {
    this.#stream.destroy();
    await rm(this.path, { force: true });
  }
}

/**
 * A zip written to a sink as it is made (fflate's streaming `Zip`): each entry is given a piece at a time and waits
 * for the disk between pieces. XML is deflated; PDFs are stored as they are (they are compressed already).
 */
export class ZipSink {
  readonly #zip: Zip;
  #error: Error | null = null;
  #ended: Promise<void>;

  constructor(readonly sink: ExportSink) {
    let finish: () => void = () => undefined;
    this.#ended = new Promise((resolve) => {
      finish = resolve;
    });
    this.#zip = new Zip((error, chunk, final) => {
      if (error) {
        this.#error = error;
        return;
      }
      try {
        sink.push(chunk);
      } catch (failure) {
        this.#error = failure as Error;
      }
      if (final) finish();
    });
  }

  #check() {
    if (this.#error) throw this.#error;
  }

  /** A text entry (UTF-8), deflated. */
  async text(name: string, text: string) {
    const entry = new ZipDeflate(name, { level: 6 });
    this.#zip.add(entry);
    entry.push(Buffer.from(text, 'utf8'), true);
    this.#check();
    await this.sink.ready();
  }

  /** A file entry streamed from `source`, stored. */
  async file(name: string, source: AsyncIterable<Buffer>) {
    const entry = new ZipPassThrough(name);
    this.#zip.add(entry);
    for await (const chunk of source) {
      entry.push(chunk);
      this.#check();
      await this.sink.ready();
    }
    entry.push(new Uint8Array(0), true);
    this.#check();
    await this.sink.ready();
  }

  async end() {
    this.#zip.end();
    await this.#ended;
    this.#check();
    await this.sink.ready();
  }
}
