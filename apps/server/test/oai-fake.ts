import http, { type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { PDFDocument } from '@cantoo/pdf-lib';

/**
 * A repository speaking OAI-PMH 2.0 on a local port (node:http), for the harvest's tests (decision 0079): ListRecords
 * in oai_dc paged by resumption tokens, sets, the protocol's errors, and the ways a real one goes wrong, each under a
 * path of its own in front of `/oai`:
 *   /oai                  the journal (records in English and Arabic, a deleted one, PDFs), `pageSize` a page
 *   /expiring/oai         its first page, then badResumptionToken for the token it gave
 *   /bad-argument/oai     the error badArgument
 *   /outage/oai           503 with Retry-After: 1 to the first request, then the journal
 *   /down/oai             503 with Retry-After: 1, always
 *   /slow/oai             the headers and a few bytes, then nothing until closed
 *   /huge/oai             an answer that never ends; /huge-declared/oai one that says it weighs 10 GB
 *   /gzip/oai             the journal, gzip-compressed
 *   /loop/oai             the same resumption token on every page
 *   /not-oai/oai          an HTML page; /doctype/oai an answer with a DOCTYPE declaring entities (a bomb)
 *   /latin1/oai           an answer declared ISO-8859-1
 *   /redirect?to=<url>    302 to that address; /hops/<n> n redirects before the journal's first page
 *   /pdf/<name>.pdf       a small PDF; /pdf/big.pdf 2 MB of PDF; /files/<n>.pdf an HTML sign-in page
 *   /article/download/<paper>/<galley>   a PDF, as OJS serves a galley
 */

export interface FakeRecord {
  id: string;
  deleted?: boolean;
  sets?: string[];
  /** Dublin Core elements in order: [element, value, xml:lang]. `{base}` in a value is the fake's address. */
  dc?: [string, string, string?][];
}

export interface OaiFake {
  /** http://<host>:<port> */
  base: string;
  /** Each request's path and query, in order. */
  requests: string[];
  close: () => Promise<void>;
}

export const JOURNAL_RECORDS: FakeRecord[] = [
  {
    id: 'oai:fake.example:article/1',
    dc: [
      ['title', 'Water Rights in Arid Lands', 'en_US'],
      ['title', 'حقوق المياه في الأراضي الجافة', 'ar_IQ'],
      ['creator', 'Haddad, Layla'],
      ['creator', 'Smith, John <john.smith@example.org>'],
      ['subject', 'water; irrigation', 'en_US'],
      ['subject', 'مياه؛ ري', 'ar_IQ'],
      ['description', 'How rights to water were shared.', 'en_US'],
      ['description', 'كيف تقاسم الناس حقوق المياه.', 'ar_IQ'],
      ['publisher', 'University Press', 'en_US'],
      ['date', '2020-03-15'],
      ['type', 'info:eu-repo/semantics/article'],
      ['type', 'Research Articles', 'en_US'],
      ['format', 'application/pdf'],
      ['identifier', '{base}/article/view/1'],
      ['identifier', '10.5555/fake.1'],
      ['source', 'Journal of Testing; Vol. 3 No. 1 (2020); 5-9', 'en_US'],
      ['source', 'مجلة الاختبار; مجلد ٣ عدد ١ (٢٠٢٠); ٥-٩', 'ar_IQ'],
      ['source', '1234-5678'],
      ['language', 'eng'],
      ['relation', '{base}/article/view/1/7'],
    ],
  },
  {
    id: 'oai:fake.example:article/2',
    sets: ['ar'],
    dc: [
      ['title', 'الزراعة في وادي الرافدين'],
      ['creator', 'الفارسي، أحمد'],
      ['description', 'دراسة في الزراعة القديمة.'],
      ['date', '2020-04-01'],
      ['identifier', 'https://doi.org/10.5555/fake.2'],
      ['identifier', '{base}/pdf/paper-2.pdf'],
      ['source', 'مجلة الاختبار، المجلد 3، العدد 1 (2020)، ص. 10-20'],
    ],
  },
  { id: 'oai:fake.example:article/3', deleted: true },
  {
    id: 'oai:fake.example:article/4',
    dc: [
      ['title', 'A Record Without an Issue', 'en'],
      ['date', '2018'],
      ['source', 'Journal of Testing', 'en'],
    ],
  },
  {
    id: 'oai:fake.example:article/5',
    dc: [
      ['title', 'Old Wells', 'en'],
      ['creator', 'Brown, Ann'],
      ['date', '2019-11-02'],
      ['identifier', 'doi:10.5555/fake.5'],
      ['identifier', '{base}/files/5.pdf'],
      ['source', 'Journal of Testing; Vol 2, No 4 (2019)', 'en'],
    ],
  },
  {
    id: 'oai:fake.example:article/6',
    dc: [
      ['title', 'A Very Large Atlas', 'en'],
      ['date', '2019-11-03'],
      ['relation', '{base}/pdf/big.pdf'],
      ['source', 'Journal of Testing; Vol 2, No 4 (2019); 30-90', 'en'],
    ],
  },
];

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function recordXml(record: FakeRecord, base: string): string {
  const sets = (record.sets ?? []).map((set) => `<setSpec>${set}</setSpec>`).join('');
  const header = `<header${record.deleted ? ' status="deleted"' : ''}><identifier>${record.id}</identifier><datestamp>2021-01-01T00:00:00Z</datestamp>${sets}</header>`;
  if (record.deleted) return `<record>${header}</record>`;
  const elements = (record.dc ?? [])
    .map(([name, value, lang]) => {
      const text = escape(value.replace('{base}', base));
      return `<dc:${name}${lang ? ` xml:lang="${lang}"` : ''}>${text}</dc:${name}>`;
    })
    .join('\n      ');
  const dc = `<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/">\n      ${elements}\n    </oai_dc:dc>`;
  return `<record>${header}<metadata>${dc}</metadata></record>`;
}

function envelope(base: string, request: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <responseDate>2021-01-01T00:00:00Z</responseDate>
  <request verb="ListRecords">${escape(base + request)}</request>
  ${body}
</OAI-PMH>`;
}

const oaiError = (code: string, message: string) => `<error code="${code}">${message}</error>`;

export async function startOaiFake(
  options: { host?: string; records?: FakeRecord[]; pageSize?: number } = {},
): Promise<OaiFake> {
  const host = options.host ?? '127.0.0.1';
  const records = options.records ?? JOURNAL_RECORDS;
  const pageSize = options.pageSize ?? 2;
  const pdf = Buffer.from(await (await PDFDocument.create()).save());
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let base = '';
  let outageSeen = false;

  /** The journal's answer to a ListRecords request (first page, or the page of a token). */
  const listRecords = (query: URLSearchParams, tokenPrefix = 'page'): string => {
    const token = query.get('resumptionToken');
    let set = query.get('set') ?? '';
    let offset = 0;
    if (token) {
      const match = new RegExp(`^${tokenPrefix}:(\\d+):(.*)$`).exec(token);
      if (!match) return oaiError('badResumptionToken', 'The token is expired or unknown');
      offset = Number(match[1]);
      set = match[2]!;
    } else {
      if (query.get('verb') !== 'ListRecords') return oaiError('badVerb', 'Illegal verb');
      if (!query.get('metadataPrefix')) return oaiError('badArgument', 'metadataPrefix is missing');
      if (query.get('metadataPrefix') !== 'oai_dc') return oaiError('cannotDisseminateFormat', 'Unknown format');
    }
    const chosen = records.filter((record) => !set || record.sets?.includes(set));
    if (chosen.length === 0) return oaiError('noRecordsMatch', 'No records match');
    const page = chosen.slice(offset, offset + pageSize);
    const next = offset + pageSize < chosen.length ? `${tokenPrefix}:${offset + pageSize}:${set}` : '';
    return `<ListRecords>\n    ${page.map((record) => recordXml(record, base)).join('\n    ')}\n    <resumptionToken completeListSize="${chosen.length}" cursor="${offset}">${next}</resumptionToken>\n  </ListRecords>`;
  };

  const xml = (response: ServerResponse, text: string, status = 200) => {
    response.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
    response.end(text);
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    const route = url.pathname;
    const query = url.searchParams;
    requests.push(`${route}${url.search}`);
    const answer = (body: string) => envelope(base, route, body);
    if (route === '/oai') return xml(response, answer(listRecords(query)));
    if (route === '/gzip/oai') {
      response.writeHead(200, { 'content-type': 'text/xml', 'content-encoding': 'gzip' });
      return response.end(gzipSync(answer(listRecords(query))));
    }
    if (route === '/expiring/oai')
      return xml(response, answer(listRecords(query, query.get('resumptionToken') ? 'never' : 'page')));
    if (route === '/bad-argument/oai') return xml(response, answer(oaiError('badArgument', 'Illegal argument: from')));
    if (route === '/loop/oai') {
      const body = listRecords(new URLSearchParams({ verb: 'ListRecords', metadataPrefix: 'oai_dc' }));
      return xml(response, answer(body.replace(/>page:[^<]+</, '>same<')));
    }
    if (route === '/outage/oai' && !outageSeen) outageSeen = true;
    else if (route === '/outage/oai') return xml(response, answer(listRecords(query)));
    if (route === '/outage/oai' || route === '/down/oai') {
      response.writeHead(503, { 'retry-after': '1', 'content-type': 'text/plain' });
      return response.end('Down for maintenance');
    }
    if (route === '/slow/oai') {
      response.writeHead(200, { 'content-type': 'text/xml' });
      return response.write('<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH ');
    }
    if (route === '/huge/oai') {
      response.writeHead(200, { 'content-type': 'text/xml' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', pump);
      };
      return pump();
    }
    if (route === '/huge-declared/oai') {
      response.writeHead(200, { 'content-type': 'text/xml', 'content-length': String(10 * 1024 ** 3) });
      return response.write('<');
    }
    if (route === '/not-oai/oai') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<!doctype html><html><body><h1>Welcome</h1></body></html>');
    }
    if (route === '/doctype/oai') {
      const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "&l${i};&l${i};&l${i};&l${i};">`);
      const doctype = `<!DOCTYPE OAI-PMH [<!ENTITY l0 "ha">${entities.join('')}]>`;
      return xml(
        response,
        `<?xml version="1.0"?>${doctype}<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/">&l9;</OAI-PMH>`,
      );
    }
    if (route === '/latin1/oai') {
      response.writeHead(200, { 'content-type': 'text/xml' });
      return response.end(answer(listRecords(query)).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'));
    }
    if (route === '/redirect') {
      response.writeHead(302, { location: query.get('to') ?? '/' });
      return response.end();
    }
    const hops = /^\/hops\/(\d+)$/.exec(route);
    if (hops) {
      const left = Number(hops[1]);
      response.writeHead(302, { location: left > 1 ? `/hops/${left - 1}` : `/oai?${query}` });
      return response.end();
    }
    if (route === '/pdf/big.pdf') {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      return response.end(Buffer.concat([pdf, Buffer.alloc(2 * 1024 * 1024, 0x20)]));
    }
    if (/^\/pdf\/[\w-]+\.pdf$/.test(route) || /^\/article\/download\/\d+\/\d+$/.test(route)) {
      const headers: Record<string, string> = { 'content-type': 'application/pdf' };
      if (route.startsWith('/article/download/'))
        headers['content-disposition'] = `attachment; filename="water-rights-${route.split('/').at(-1)}.pdf"`;
      response.writeHead(200, headers);
      return response.end(pdf);
    }
    response.writeHead(route.startsWith('/files/') ? 200 : 404, { 'content-type': 'text/html' });
    response.end('<html><body>Sign in to read this paper</body></html>');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  base = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
