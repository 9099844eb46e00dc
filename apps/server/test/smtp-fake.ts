import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/**
 * A local mail server for the delivery tests: it speaks SMTP as a real one does, refuses the recipients it is told
 * to (550 at RCPT TO, as a server refuses an unknown mailbox), can be slow at a step, can go down and come back on
 * the same port, and counts every message it took in full by recipient and by Message-ID.
 */
export interface SmtpFake {
  url: string;
  port: number;
  /** Recipients (or a test of them) refused with 550. */
  refuse: (address: string) => boolean;
  /** Milliseconds the server waits before answering a recipient (0: at once). */
  slowRcptMs: number;
  /** Milliseconds the server waits before answering a whole message, which it holds already (0: at once). */
  slowDataMs: number;
  /** Messages taken in full, by recipient. */
  byRecipient: Map<string, number>;
  /** Messages taken in full, by Message-ID. */
  byMessageId: Map<string, number>;
  /** The server is answering a recipient or a message slowly now. */
  busy: () => boolean;
  /** Stops listening (connections are refused) until `up`. */
  down: () => Promise<void>;
  /** Listens again on the same port. */
  up: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startSmtpFake(): Promise<SmtpFake> {
  let slowNow = 0;
  const fake = {
    url: '',
    port: 0,
    refuse: (_address: string) => false,
    slowRcptMs: 0,
    slowDataMs: 0,
    byRecipient: new Map<string, number>(),
    byMessageId: new Map<string, number>(),
    busy: () => slowNow > 0,
  };
  let server: SMTPServer | null = null;
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  /** Answers after `ms`, counted as busy meanwhile. */
  const answerAfter = (ms: number, answer: () => void) => {
    if (ms === 0) return answer();
    slowNow += 1;
    setTimeout(() => {
      slowNow -= 1;
      answer();
    }, ms);
  };
  const listen = async (port: number) => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Going down cuts the open connections at once, as a crashed server does.
      closeTimeout: 100,
      onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback: (error?: Error | null) => void) {
        if (fake.refuse(address.address)) {
          return callback(Object.assign(new Error('Mailbox unavailable (test refusal)'), { responseCode: 550 }));
        }
        answerAfter(fake.slowRcptMs, () => callback());
      },
      onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          count(fake.byMessageId, /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? 'none');
          for (const recipient of session.envelope.rcptTo) count(fake.byRecipient, recipient.address);
          // The final dot came: the server holds the message now, whether or not its answer reaches the sender.
          answerAfter(fake.slowDataMs, () => callback());
        });
      },
    });
    // Answering a sender that is gone is not the server's failure.
    server.on('error', () => undefined);
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    return (server.server.address() as AddressInfo).port;
  };
  const stop = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  fake.port = await listen(0);
  fake.url = `smtp://127.0.0.1:${fake.port}`;
  return Object.assign(fake, {
    down: async () => {
      await stop();
      server = null;
    },
    up: async () => {
      await listen(fake.port);
    },
    close: stop,
  });
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
