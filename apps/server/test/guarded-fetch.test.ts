import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { gzipSync } from 'node:zlib';
import { translate } from '@journals/core/i18n/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type FetchPolicy, fetchPolicyOf, GuardedFetchError, guardedFetch } from '../src/lib/guarded-fetch';
import { isRefusedAddress } from '../src/lib/network-ranges';
import { type OaiFake, startOaiFake } from './oai-fake';

/** The one way the server fetches on someone's behalf (issue 45 §4, decision 0079): what it reaches and what not. */

const policy = (overrides: Partial<FetchPolicy> = {}): FetchPolicy => ({
  allowPrivate: true,
  timeoutMs: 2_000,
  connectTimeoutMs: 1_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
  ...overrides,
});

/** The refusal a fetch ends in (its reason and values), or null when it got an answer. */
async function refusal(url: string, fetchPolicy: FetchPolicy): Promise<GuardedFetchError | null> {
  try {
    const response = await guardedFetch(url, fetchPolicy);
    await text(response.body);
    return null;
  } catch (error) {
    if (error instanceof GuardedFetchError) return error;
    throw error;
  }
}

let fake: OaiFake;
let inside: OaiFake;
beforeAll(async () => {
  fake = await startOaiFake();
  // A repository inside the operator's network, at an address the operator allows (FETCH_ALLOW_PRIVATE=127.0.0.2).
  inside = await startOaiFake({ host: '127.0.0.2' });
});
afterAll(async () => {
  await fake.close();
  await inside.close();
});

describe('the addresses a fetch never reaches unless the operator allows them', () => {
  it('refuses loopback, private, link-local, multicast, unspecified and IPv4-mapped private addresses; passes public ones', () => {
    const refused = [
      '127.0.0.1',
      '10.20.30.40',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.251',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1',
    ];
    for (const address of refused) expect(isRefusedAddress(address, false), address).toBe(true);
    for (const address of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888', '::ffff:1.1.1.1'])
      expect(isRefusedAddress(address, false), address).toBe(false);
    expect(isRefusedAddress('10.20.30.40', true)).toBe(false);
    expect(isRefusedAddress('10.20.30.40', ['10.0.0.0/8'])).toBe(false);
    expect(isRefusedAddress('::ffff:10.20.30.40', ['10.0.0.0/8'])).toBe(false);
    expect(isRefusedAddress('192.168.1.1', ['10.0.0.0/8'])).toBe(true);
  });

  it('does not connect to a loopback address, written as it is or IPv4-mapped, with private addresses not allowed', async () => {
    const port = new URL(fake.base).port;
    const before = fake.requests.length;
    for (const url of [
      `http://127.0.0.1:${port}/oai`,
      `http://[::ffff:127.0.0.1]:${port}/oai`,
      `http://[::1]:${port}/`,
    ]) {
      const error = await refusal(url, policy({ allowPrivate: false }));
      expect(error?.reason, url).toBe('importOai.fetchRefusedAddress');
    }
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a name that resolves to a private address, or to a public and a private one', async () => {
    const resolving = (addresses: string[]) =>
      policy({ allowPrivate: false, resolve: async () => addresses.map((address) => ({ address, family: 4 })) });
    const error = await refusal('http://repository.example/oai', resolving(['10.0.0.5']));
    expect(error?.reason).toBe('importOai.fetchRefusedAddress');
    expect(error?.values).toEqual({ host: 'repository.example' });
    expect((await refusal('http://repository.example/oai', resolving(['93.184.216.34', '127.0.0.1'])))?.reason).toBe(
      'importOai.fetchRefusedAddress',
    );
    expect((await refusal('http://localhost:9/', policy({ allowPrivate: false })))?.reason).toBe(
      'importOai.fetchRefusedAddress',
    );
  });

  it('connects to the address it checked: a name resolved again to another address (DNS rebinding) is not followed', async () => {
    const port = new URL(inside.base).port;
    const answers = ['127.0.0.2', '127.0.0.1'];
    let lookups = 0;
    const rebinding = policy({
      allowPrivate: ['127.0.0.2'],
      resolve: async () => [{ address: answers[lookups++] ?? '127.0.0.1', family: 4 }],
    });
    const response = await guardedFetch(
      `http://repository.example:${port}/oai?verb=ListRecords&metadataPrefix=oai_dc`,
      rebinding,
    );
    expect(response.status).toBe(200);
    expect(await text(response.body)).toContain('Water Rights in Arid Lands');
    expect(lookups).toBe(1);
  });

  it('checks each redirect again: one to 127.0.0.1 from an allowed repository is refused', async () => {
    const allowed = policy({ allowPrivate: ['127.0.0.2'] });
    const direct = await guardedFetch(`${inside.base}/oai?verb=ListRecords&metadataPrefix=oai_dc`, allowed);
    expect(direct.status).toBe(200);
    direct.cancel();
    const before = fake.requests.length;
    const error = await refusal(`${inside.base}/redirect?to=${encodeURIComponent(`${fake.base}/oai`)}`, allowed);
    expect(error?.reason).toBe('importOai.fetchRefusedAddress');
    expect(error?.values).toEqual({ host: '127.0.0.1' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('what a fetch follows and how long and far it reads', () => {
  it('follows at most 3 redirects', async () => {
    const three = await guardedFetch(`${fake.base}/hops/3?verb=ListRecords&metadataPrefix=oai_dc`, policy());
    expect(three.status).toBe(200);
    expect(three.url.pathname).toBe('/oai');
    three.cancel();
    const error = await refusal(`${fake.base}/hops/4`, policy());
    expect(error?.reason).toBe('importOai.fetchTooManyRedirects');
    expect(error?.values).toEqual({ host: '127.0.0.1', count: 3 });
  });

  it('fetches http and https addresses only, without credentials in them', async () => {
    for (const url of ['ftp://example.org/oai', 'file:///etc/passwd', 'gopher://example.org/'])
      expect((await refusal(url, policy()))?.reason, url).toBe('importOai.fetchScheme');
    expect((await refusal('not an address', policy()))?.reason).toBe('importOai.fetchBadUrl');
    expect((await refusal(`http://user:secret@127.0.0.1:${new URL(fake.base).port}/oai`, policy()))?.reason).toBe(
      'importOai.fetchBadUrl',
    );
    expect((await refusal(`${fake.base}/redirect?to=file:///etc/passwd`, policy()))?.reason).toBe(
      'importOai.fetchScheme',
    );
  });

  it('stops an answer that takes longer than the time limit, body included', async () => {
    const started = Date.now();
    const error = await refusal(`${fake.base}/slow/oai`, policy({ timeoutMs: 400 }));
    expect(error?.reason).toBe('importOai.fetchTimeout');
    expect(error?.values).toEqual({ host: '127.0.0.1', seconds: 0.4 });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops at once when the work it serves is stopped (its signal), and starts nothing once it was', async () => {
    const controller = new AbortController();
    const response = await guardedFetch(`${fake.base}/slow/oai`, policy({ timeoutMs: 10_000 }), {
      signal: controller.signal,
    });
    const reading = text(response.body);
    controller.abort(new Error('import stopped'));
    await expect(reading).rejects.toThrow('import stopped');
    const before = fake.requests.length;
    await expect(guardedFetch(`${fake.base}/oai`, policy(), { signal: controller.signal })).rejects.toThrow(
      'import stopped',
    );
    expect(fake.requests.length).toBe(before);
  });

  it('stops reading past the size limit, whether the answer says its size, does not, or is compressed', async () => {
    const cap = policy({ maxBytes: 256 * 1024 });
    for (const route of ['/huge/oai', '/huge-declared/oai']) {
      const error = await refusal(`${fake.base}${route}`, cap);
      expect(error?.reason, route).toBe('importOai.fetchTooLarge');
      expect(error?.values).toEqual({ host: '127.0.0.1', megabytes: 0.3 });
    }
    // 10 MB of spaces in about 10 KB of gzip: counted as read, after decompression.
    const bomb = gzipSync(Buffer.alloc(10 * 1024 * 1024, 0x20));
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/xml' });
      response.end(bomb);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      expect((await refusal(`http://127.0.0.1:${port}/`, cap))?.reason).toBe('importOai.fetchTooLarge');
    } finally {
      server.close();
    }
  });

  it('reads a gzip-compressed answer', async () => {
    const response = await guardedFetch(`${fake.base}/gzip/oai?verb=ListRecords&metadataPrefix=oai_dc`, policy());
    expect(await text(response.body)).toContain('<OAI-PMH');
  });
});

describe("the operator's setting", () => {
  it('FETCH_ALLOW_PRIVATE is off by default, and takes true or a list of addresses and ranges', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'journals-fetch-'));
    try {
      const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: folder, ...env });
      expect(fetchPolicyOf(config())).toMatchObject({
        allowPrivate: false,
        timeoutMs: 30_000,
        maxBytes: 100 * 1024 * 1024,
        maxRedirects: 3,
      });
      expect(config({ FETCH_ALLOW_PRIVATE: 'true' }).FETCH_ALLOW_PRIVATE).toBe(true);
      expect(config({ FETCH_ALLOW_PRIVATE: '10.0.4.7, 192.168.8.0/24' }).FETCH_ALLOW_PRIVATE).toEqual([
        '10.0.4.7',
        '192.168.8.0/24',
      ]);
      expect(() => config({ FETCH_ALLOW_PRIVATE: 'yes' })).toThrow(/FETCH_ALLOW_PRIVATE/);
      expect(() => config({ FETCH_ALLOW_PRIVATE: '10.0.0.0/33' })).toThrow(/FETCH_ALLOW_PRIVATE/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a refusal reads in English and Arabic', async () => {
    const error = await refusal(`http://127.0.0.1:${new URL(fake.base).port}/oai`, policy({ allowPrivate: false }));
    expect(translate('en', error!.reason, error!.values)).toBe(
      '127.0.0.1 leads to a private or local network address, which this server does not reach',
    );
    expect(translate('ar', error!.reason, error!.values)).toBe(
      'يقود 127.0.0.1 إلى عنوان في شبكة خاصة أو محلية، ولا يتصل الخادم بمثل هذه العناوين',
    );
  });
});
