import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Crossref's deposit API on a local port (node:http), for the DOI tests (issue 46 §1, decision 0086), speaking the
 * contract crossref-client.ts is written to:
 *   POST /servlet/deposit                multipart: operation=doMDUpload, login_id, login_passwd, fname (the file);
 *                                        200 "SUCCESS" once queued, 401 for a wrong login or password
 *   GET  /servlet/submissionDownload     ?usr&pwd&doi_batch_id&type=result: a doi_batch_diagnostic, `queued` for the
 *                                        first `queuedPolls` askings, then `completed` with a record_diagnostic per
 *                                        DOI of the batch (Failure with the message set in `refuse`, else Success)
 * and the ways the real one goes wrong: `down` answers 503 to the next n requests, `slow` holds the answers of the
 * next n requests past any time bound.
 */
export interface CrossrefFake {
  base: string;
  login: string;
  password: string;
  /** Deposits received, in order: the batch id, the login used and the file's XML. */
  deposits: { batchId: string; login: string; xml: string }[];
  /** Result askings received, by batch id. */
  polls: string[];
  /** A DOI Crossref refuses, and its message (the refusal lasts until deleted). */
  refuse: Map<string, string>;
  queuedPolls: number;
  down: number;
  slow: number;
  close: () => Promise<void>;
}

const field = (body: string, name: string) =>
  new RegExp(
    `name="${name}"(?:; filename="[^"]*")?\\r\\n(?:Content-Type: [^\\r]*\\r\\n)?\\r\\n([\\s\\S]*?)\\r\\n--`,
  ).exec(body)?.[1];

export async function startCrossrefFake(): Promise<CrossrefFake> {
  const sockets = new Set<Socket>();
  const asked = new Map<string, number>();
  const fake: Omit<CrossrefFake, 'base' | 'close'> = {
    login: 'jrnl-depositor',
    password: 'crossref-secret',
    deposits: [],
    polls: [],
    refuse: new Map(),
    queuedPolls: 1,
    down: 0,
    slow: 0,
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (fake.slow > 0) {
        fake.slow -= 1;
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<html>');
        return; // held open until the client gives up
      }
      if (fake.down > 0) {
        fake.down -= 1;
        response.writeHead(503, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>');
        return;
      }
      const url = new URL(request.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks).toString('utf8');
      if (request.method === 'POST' && url.pathname === '/servlet/deposit') {
        const login = field(body, 'login_id') ?? '';
        if (
          field(body, 'operation') !== 'doMDUpload' ||
          login !== fake.login ||
          field(body, 'login_passwd') !== fake.password
        ) {
          response.writeHead(401, { 'content-type': 'text/html' }).end('<html>Unauthorized</html>');
          return;
        }
        const xml = field(body, 'fname') ?? '';
        const batchId = /<doi_batch_id>([^<]*)<\/doi_batch_id>/.exec(xml)?.[1] ?? '';
        fake.deposits.push({ batchId, login, xml });
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<html><body><h2>SUCCESS</h2><p>Your batch submission was successfully received.</p></body></html>');
        return;
      }
      if (request.method === 'GET' && url.pathname === '/servlet/submissionDownload') {
        const batchId = url.searchParams.get('doi_batch_id') ?? '';
        fake.polls.push(batchId);
        if (url.searchParams.get('usr') !== fake.login || url.searchParams.get('pwd') !== fake.password) {
          response.writeHead(401).end();
          return;
        }
        const deposit = fake.deposits.find((d) => d.batchId === batchId);
        const times = (asked.get(batchId) ?? 0) + 1;
        asked.set(batchId, times);
        response.writeHead(200, { 'content-type': 'text/xml' });
        if (!deposit) {
          response.end('<?xml version="1.0"?><doi_batch_diagnostic status="unknown_submission"/>');
          return;
        }
        if (times <= fake.queuedPolls) {
          response.end(
            `<?xml version="1.0"?><doi_batch_diagnostic status="queued"><batch_id>${batchId}</batch_id></doi_batch_diagnostic>`,
          );
          return;
        }
        const dois = [...deposit.xml.matchAll(/<doi>([^<]*)<\/doi>/g)].map((m) => m[1]!);
        const records = dois
          .map((doi) => {
            const refusal = fake.refuse.get(doi);
            return refusal
              ? `<record_diagnostic status="Failure"><doi>${doi}</doi><msg>${refusal}</msg></record_diagnostic>`
              : `<record_diagnostic status="Success"><doi>${doi}</doi><msg>Successfully added</msg></record_diagnostic>`;
          })
          .join('');
        const failures = dois.filter((doi) => fake.refuse.has(doi)).length;
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?><doi_batch_diagnostic status="completed" sp="fake"><submission_id>${times}</submission_id><batch_id>${batchId}</batch_id>${records}<batch_data><record_count>${dois.length}</record_count><success_count>${dois.length - failures}</success_count><warning_count>0</warning_count><failure_count>${failures}</failure_count></batch_data></doi_batch_diagnostic>`,
        );
        return;
      }
      response.writeHead(404).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
