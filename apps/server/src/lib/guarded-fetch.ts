import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { type Readable, Transform } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import { MB } from '@journals/core/files';
import type { MessageKey } from '@journals/core/i18n/index';
import type { Config } from '../config';
import { isRefusedAddress } from './network-ranges';

/**
 * The one way the server fetches a URL on someone's behalf (an OAI-PMH harvest and its PDFs; decision 0079): http and
 * https only, at most `maxRedirects` redirects each checked again, a deadline over the whole exchange, a size cap on
 * the body, and never a private, loopback, link-local, multicast or unspecified address unless the operator allows it
 * (FETCH_ALLOW_PRIVATE). The name is resolved here once and the connection made to the address that was checked, so a
 * name that answers a public address to the check and a private one to the connection (DNS rebinding) gains nothing.
 */

export interface FetchPolicy {
  /** false: public addresses only; true: any; a list: these addresses and CIDR ranges besides the public ones. */
  allowPrivate: boolean | readonly string[];
  /** The whole exchange: connection, redirects, headers and body. */
  timeoutMs: number;
  connectTimeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Every address a name resolves to; dns.lookup (the system's resolver) unless a test gives its own. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

/** The operator's policy (config.ts), with the protocol's few redirects. */
export function fetchPolicyOf(
  config: Pick<Config, 'FETCH_ALLOW_PRIVATE' | 'FETCH_TIMEOUT_SECONDS' | 'FETCH_MAX_MB'>,
): FetchPolicy {
  const timeoutMs = config.FETCH_TIMEOUT_SECONDS * 1000;
  return {
    allowPrivate: config.FETCH_ALLOW_PRIVATE,
    timeoutMs,
    connectTimeoutMs: Math.min(timeoutMs, 10_000),
    maxBytes: Math.round(config.FETCH_MAX_MB * MB),
    maxRedirects: 3,
  };
}

/** Public addresses only, 30 s, 100 MB: what a reader uses when it was given no policy. */
export const DEFAULT_FETCH_POLICY: FetchPolicy = fetchPolicyOf({
  FETCH_ALLOW_PRIVATE: false,
  FETCH_TIMEOUT_SECONDS: 30,
  FETCH_MAX_MB: 100,
});

/** Why a fetch was refused or failed: a key of core's `importOai` area and its values (the host, the limit). */
export class GuardedFetchError extends Error {
  constructor(
    readonly reason: MessageKey,
    readonly values: Record<string, string | number>,
  ) {
    super(`${reason} ${JSON.stringify(values)}`);
  }
}

export interface GuardedResponse {
  /** The address that answered, after redirects. */
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  /** The media type without its parameters, lower case ("application/pdf"), or ''. */
  mediaType: string;
  /** The body, decompressed, ending in a GuardedFetchError past the size cap or the deadline. */
  body: Readable;
  /** Stops reading (the body is not wanted): closes the connection and the deadline. */
  cancel: () => void;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** GET `address` under `policy`. Resolves once the headers of the last hop are in. */
export async function guardedFetch(
  address: string,
  policy: FetchPolicy,
  options: { signal?: AbortSignal; accept?: string } = {},
): Promise<GuardedResponse> {
  let url = parseUrl(address);
  options.signal?.throwIfAborted();
  const deadline = new Deadline(policy.timeoutMs, url.hostname);
  const onAbort = () => deadline.fail(options.signal?.reason ?? new Error('aborted'));
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const done = () => {
    deadline.clear();
    options.signal?.removeEventListener('abort', onAbort);
  };
  try {
    for (let hop = 0; ; hop++) {
      const response = await deadline.race(request(url, policy, deadline, options.accept));
      const location = response.headers.location;
      if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return answer(url, response, policy, deadline, done);
      response.destroy();
      if (hop >= policy.maxRedirects)
        throw new GuardedFetchError('importOai.fetchTooManyRedirects', {
          host: url.hostname,
          count: policy.maxRedirects,
        });
      url = parseUrl(new URL(location, url).toString());
      deadline.host = url.hostname;
    }
  } catch (error) {
    done();
    throw error;
  }
}

function parseUrl(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new GuardedFetchError('importOai.fetchBadUrl', { url: address.slice(0, 200) });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new GuardedFetchError('importOai.fetchScheme', { url: address.slice(0, 200) });
  if (url.username || url.password) throw new GuardedFetchError('importOai.fetchBadUrl', { url: url.host });
  return url;
}

/** The address to connect to: the host's own when it is one, else its name's, every one of them checked. */
async function checkedAddress(url: URL, policy: FetchPolicy): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (policy.resolve ?? ((name) => dnsLookup(name, { all: true, verbatim: true })))(host);
    } catch {
      addresses = [];
    }
  }
  if (addresses.length === 0) throw new GuardedFetchError('importOai.fetchUnreachable', { host });
  // One refused address refuses the name: it could be the one a later resolution (another client's) would pick.
  if (addresses.some(({ address }) => isRefusedAddress(address, policy.allowPrivate)))
    throw new GuardedFetchError('importOai.fetchRefusedAddress', { host });
  return addresses[0]!;
}

async function request(url: URL, policy: FetchPolicy, deadline: Deadline, accept = '*/*'): Promise<IncomingMessage> {
  const target = await checkedAddress(url, policy);
  // The deadline may have passed while the name resolved: no request is started after it.
  deadline.throwIfFailed();
  // The connection goes to the checked address whatever the name would resolve to now (pinned).
  const lookup: LookupFunction = (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: unknown[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.get(url, {
      // A connection of its own, never one kept from another name's request; closed when the answer is read.
      agent: false,
      lookup,
      headers: {
        accept,
        'accept-encoding': 'gzip, deflate',
        'user-agent': 'JournalsPlatform-Harvester/1.0',
      },
    });
    deadline.onFail = (error) => outgoing.destroy(error);
    const host = url.hostname;
    const connectTimer = setTimeout(() => {
      const seconds = policy.connectTimeoutMs / 1000;
      outgoing.destroy(new GuardedFetchError('importOai.fetchTimeout', { host, seconds }));
    }, policy.connectTimeoutMs);
    outgoing.on('socket', (socket) => {
      const connected = () => clearTimeout(connectTimer);
      if (!socket.connecting) connected();
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', connected);
    });
    outgoing.on('response', (response) => {
      clearTimeout(connectTimer);
      resolve(response);
    });
    outgoing.on('error', (error) => {
      clearTimeout(connectTimer);
      reject(
        error instanceof GuardedFetchError ? error : new GuardedFetchError('importOai.fetchUnreachable', { host }),
      );
    });
  });
}

function answer(
  url: URL,
  response: IncomingMessage,
  policy: FetchPolicy,
  deadline: Deadline,
  done: () => void,
): GuardedResponse {
  const host = url.hostname;
  const failure = (reason: MessageKey) => new GuardedFetchError(reason, { host });
  const tooLarge = () =>
    new GuardedFetchError('importOai.fetchTooLarge', { host, megabytes: Math.round((policy.maxBytes / MB) * 10) / 10 });
  // Counted after decompression: the cap is on what is read, so a small compressed bomb stops at it too.
  let bytes = 0;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > policy.maxBytes) callback(tooLarge());
      else callback(null, chunk);
    },
  });
  const stop = (error?: Error) => {
    response.destroy();
    body.destroy(error);
  };
  deadline.onFail = stop;
  body.on('close', () => {
    done();
    response.destroy();
  });
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decoder = DECODERS.get(encoding);
  const declared = Number(response.headers['content-length']);
  if (decoder === undefined) stop(failure('importOai.fetchEncoding'));
  else if (Number.isFinite(declared) && declared > policy.maxBytes) stop(tooLarge());
  else {
    const decoding = decoder?.();
    response.on('error', () => stop(failure('importOai.fetchUnreachable')));
    decoding?.on('error', () => stop(failure('importOai.fetchEncoding')));
    (decoding ? response.pipe(decoding) : response).pipe(body);
  }
  const mediaType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return { url, status: response.statusCode ?? 0, headers: response.headers, mediaType, body, cancel: () => stop() };
}

/** The content codings read (null: as it is); any other is refused. */
const DECODERS = new Map<string, (() => Transform) | null>([
  ['identity', null],
  ['gzip', createGunzip],
  ['x-gzip', createGunzip],
  ['deflate', createInflate],
]);

/** One timer over the whole exchange; what it ends is handed to it as the exchange goes on. */
class Deadline {
  private readonly timer: NodeJS.Timeout;
  private failure: Error | null = null;
  private rejectRace: ((error: Error) => void) | null = null;
  onFail: ((error: Error) => void) | null = null;

  constructor(
    private readonly ms: number,
    public host: string,
  ) {
    this.timer = setTimeout(
      () => this.fail(new GuardedFetchError('importOai.fetchTimeout', { host: this.host, seconds: this.ms / 1000 })),
      ms,
    );
  }

  fail(error: Error) {
    if (this.failure) return;
    this.failure = error;
    this.onFail?.(error);
    this.rejectRace?.(error);
  }

  throwIfFailed() {
    if (this.failure) throw this.failure;
  }

  clear() {
    clearTimeout(this.timer);
  }

  /** `step`, or the deadline's failure if it comes first. */
  race<T>(step: Promise<T>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      this.rejectRace = reject;
      step.then(resolve, reject);
    });
  }
}
