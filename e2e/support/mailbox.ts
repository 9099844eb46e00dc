import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part, when the message has one. */
  html: string | null;
  /** The raw header lines by lowercase name (the last of a repeated one), e.g. `list-unsubscribe`. */
  headers: Record<string, string>;
}

/** A local SMTP server that keeps every message it receives, for the browser tests to read. */
export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  /** Addresses the server refuses for now (550), for the tests of a failed mail and its retry. */
  private readonly refused = new Set<string>();
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      if (!this.refused.has(address.address.toLowerCase())) return callback();
      const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      callback(error);
    },
    onData: (stream, session, callback) => {
      // The MIME message (multipart: text and HTML) read by mailparser.
      simpleParser(stream)
        .then((parsed) => {
          this.messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()]),
            ),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  port = 0;

  /** Refuses mail to `address` until `accept` (a full mailbox, a bounced address). */
  refuse(address: string) {
    this.refused.add(address.toLowerCase());
  }

  accept(address: string) {
    this.refused.delete(address.toLowerCase());
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for the next mail to `address` after `since` messages, and returns it with its first link. */
  async waitFor(address: string, options: { since?: number; timeoutMs?: number } = {}) {
    const deadline = Date.now() + (options.timeoutMs ?? 15_000);
    while (Date.now() < deadline) {
      const mail = this.messages.slice(options.since ?? 0).find((m) => m.to.includes(address.toLowerCase()));
      if (mail) {
        const link = mail.text.match(/https?:\/\/\S+/)?.[0];
        return { ...mail, link: link ? new URL(link) : undefined };
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no mail to ${address} within the time limit`);
  }

  countTo(address: string): number {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase())).length;
  }
}
