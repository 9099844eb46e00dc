import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Decodes the text/plain body of a raw message written by nodemailer (quoted-printable or base64). */
export function decodeMail(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const subjectLine = head.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '';
  const subject = subjectLine
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
  const encoding = head.match(/^Content-Transfer-Encoding: (\S+)/im)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { subject, text };
}

function decodeQuotedPrintable(input: string): string {
  const unfolded = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    if (unfolded[i] === '=' && /^[0-9A-F]{2}$/i.test(unfolded.slice(i + 1, i + 3))) {
      bytes.push(parseInt(unfolded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
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
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { subject, text } = decodeMail(Buffer.concat(chunks).toString('utf8'));
        this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject, text });
        callback();
      });
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
