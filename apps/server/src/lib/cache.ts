import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_TYPE } from './json-text';

/** An entry of the read cache: its load, and once loaded its value. */
interface Entry {
  expires: number;
  /** From when a read loads it again in the background (three quarters of its time). */
  refreshAt: number;
  value: Promise<unknown>;
  loaded?: { value: unknown };
  refreshing?: boolean;
}

/** The share of an entry's time after which a read starts loading it again, ahead of its expiry. */
const REFRESH_AFTER = 0.75;

/**
 * A small in-process read cache for public, rarely changing answers (a journal's row, its home). Entries live
 * `ttlMs`; a process that changes the data drops them at once, and other processes see the change within the
 * TTL, which keeps several stateless server processes simple (DESIGN §1). A TTL of 0 turns it off. An entry is
 * built from the database, never from another cached entry (which could be nearly a TTL old already), so what it
 * shows is never older than the TTL.
 *
 * A read in the last quarter of an entry's time starts loading it again in the background and is answered the
 * entry as it is (refresh ahead): under steady reading an answer is renewed before it expires, and its readers never
 * wait for the database (issue 24: with a 2 s TTL, every reader of the landing waited 50–200 ms for its reload,
 * every 2 s). The renewed entry's time counts from when its load began, so the rule above holds; a reload that has
 * not finished by the expiry leaves the next reader to wait for a load as before.
 */
export class ReadCache {
  private entries = new Map<string, Entry>();

  constructor(private readonly ttlMs: number) {}

  /**
   * The entry of `key`, loaded when missing or expired; `ttlMs` overrides the cache's own for this key. A loaded
   * entry is answered as it is, not as a promise: a hit then costs its reader no turn of the event loop's queue
   * (issue 24: a cached public answer goes out in the same turn it was asked in).
   */
  get<T>(key: string, load: () => Promise<T>, ttlMs = this.ttlMs): T | Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      if (!hit.loaded) return hit.value as Promise<T>;
      if (now >= hit.refreshAt && !hit.refreshing) this.refresh(key, hit, load, ttlMs, now);
      return hit.loaded.value as T;
    }
    const entry = this.entry(load(), ttlMs, now);
    this.entries.set(key, entry);
    entry.value.then(
      (loaded) => (entry.loaded = { value: loaded }),
      // A failed load is not kept.
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    if (this.entries.size > 10_000) this.entries.clear();
    return entry.value as Promise<T>;
  }

  /**
   * The value of `key` when the cache holds it loaded and fresh, refreshed ahead as `get` would; otherwise undefined,
   * and nothing is loaded: the memory lane (lib/memory-lane.ts) answers only what is in memory, and leaves a miss
   * to the route, whose `get` loads it once.
   */
  held<T>(key: string, load: () => Promise<T>, ttlMs = this.ttlMs): T | undefined {
    const hit = this.entries.get(key);
    if (!hit?.loaded) return undefined;
    const now = Date.now();
    if (hit.expires <= now) return undefined;
    if (now >= hit.refreshAt && !hit.refreshing) this.refresh(key, hit, load, ttlMs, now);
    return hit.loaded.value as T;
  }

  private entry(value: Promise<unknown>, ttlMs: number, now: number): Entry {
    return { expires: now + ttlMs, refreshAt: now + ttlMs * REFRESH_AFTER, value };
  }

  /**
   * Loads `current` again; the result replaces it only if it is still the entry of `key` (an invalidation or a
   * newer load meanwhile wins). A failed reload changes nothing: the entry serves until it expires, and the reader
   * after that loads it again and meets the failure.
   */
  private refresh(key: string, current: Entry, load: () => Promise<unknown>, ttlMs: number, now: number) {
    current.refreshing = true;
    const renewed = this.entry(load(), ttlMs, now);
    renewed.value.then(
      (loaded) => {
        if (this.entries.get(key) !== current) return;
        renewed.loaded = { value: loaded };
        this.entries.set(key, renewed);
      },
      () => undefined,
    );
  }

  /** Drops every entry whose key starts with `prefix` (e.g. everything of one journal). */
  invalidate(prefix: string) {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

/** The encodings a cached answer is kept in besides itself, the browser's preference first. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
/** Below this a compressed body saves less than its headers cost. */
const MIN_ENCODED_BYTES = 256;

/**
 * A public answer as it goes on the wire: serialised, tagged and compressed once per cache fill, not on every hit.
 * A browser that accepts brotli or gzip gets the compressed copy (a journal list of 50 journals: 6.3 KB as it is,
 * under 1 KB with brotli), with an ETag of its own, since the bytes differ (RFC 9110 §8.8.3).
 */
export interface Wire {
  body: string;
  /**
   * The body's UTF-8 bytes, what is sent: a string body is encoded again on every answer, and Node joins the
   * headers to it in a new string of twice its length (an Arabic text is two bytes a character in memory), a copy
   * that outlived the young generation under load (issue 24: a quarter of a cached answer's allocations).
   */
  bytes: Buffer;
  type: string;
  etag: string;
  encoded: Record<Encoding, Encoded> | null;
}

/** A compressed copy of an answer: its bytes, their ETag and the Content-Encoding that names them. */
interface Encoded {
  bytes: Buffer;
  etag: string;
  encoding: Encoding;
}

/**
 * The compressed copies of recent bodies by their hash: a cache fill that finds the body unchanged (most fills,
 * every CACHE_TTL_MS) reuses them, so compressing at full strength costs once per change, not once per fill.
 */
const encodedByHash = new Map<string, NonNullable<Wire['encoded']>>();

function encode(bytes: Buffer, hash: string): Wire['encoded'] {
  if (bytes.length < MIN_ENCODED_BYTES) return null;
  let encoded = encodedByHash.get(hash);
  // The least recently used body is the first in the map's order: a hit moves to the end.
  if (encoded) encodedByHash.delete(hash);
  else {
    encoded = {
      br: {
        bytes: zlib.brotliCompressSync(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        etag: `"${hash}.br"`,
        encoding: 'br',
      },
      gzip: {
        bytes: zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
        etag: `"${hash}.gz"`,
        encoding: 'gzip',
      },
    };
    if (encodedByHash.size >= 1_000) encodedByHash.delete(encodedByHash.keys().next().value!);
  }
  encodedByHash.set(hash, encoded);
  return encoded;
}

/** `body` of content type `type`, with a strong ETag and, when large enough, its compressed copies. */
export function wire(body: string, type: string): Wire {
  const bytes = Buffer.from(body);
  const hash = createHash('sha1').update(bytes).digest('base64url');
  return { body, bytes, type, etag: `"${hash}"`, encoded: encode(bytes, hash) };
}

/** `value` encoded by its response schema (what the route's serializer would send). */
export function wireJson<T>(schema: { encode(value: T): unknown }, value: T): Wire {
  return wire(JSON.stringify(schema.encode(value)), JSON_TYPE);
}

/** Accept-Encoding headers are few (one per browser build), but they come from the client: a bounded memo. */
class BoundedMemo<V> extends Map<string, V> {
  override set(key: string, value: V) {
    if (this.size >= 100) this.clear();
    return super.set(key, value);
  }
}
const encodings = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS], cache: new BoundedMemo<string>() });

/** What a client is sent of a wire: the bytes, their ETag, and the Content-Encoding that names them (none as it is). */
export interface Chosen {
  bytes: Buffer;
  etag: string;
  encoding?: Encoding;
}

/**
 * The copy of `wire` a client that sends `acceptEncoding` gets: the compressed one it prefers, else the wire as it is.
 * The copy is answered as it is kept (a spread into a new object cost a cached answer more than all of sendWire).
 */
export function chooseCopy(wire: Wire, acceptEncoding: string | undefined): Chosen {
  if (!wire.encoded) return wire;
  const encoding = encodings.negotiate(acceptEncoding ?? '');
  return encoding ? wire.encoded[encoding] : wire;
}

/**
 * Sends a cached answer as it is (no serialiser, no compression on the request), compressed when the client
 * accepts it; a client that already holds this version gets 304. A wire the cache is still loading is sent once
 * loaded; one it holds is sent at once (ReadCache.get). The memory lane (lib/memory-lane.ts) sends the same headers
 * in the same order, and its test holds the two answers equal.
 */
export function sendWire(
  request: FastifyRequest,
  reply: FastifyReply,
  wire: Wire | Promise<Wire>,
): void | Promise<void> {
  if (wire instanceof Promise) return wire.then((loaded) => sendWire(request, reply, loaded));
  reply.header('cache-control', 'no-cache');
  if (wire.encoded) reply.header('vary', 'accept-encoding');
  const chosen = chooseCopy(wire, request.headers['accept-encoding']);
  reply.header('etag', chosen.etag);
  if (request.headers['if-none-match'] === chosen.etag) {
    reply.code(304).send();
    return;
  }
  reply.type(wire.type);
  if (chosen.encoding) reply.header('content-encoding', chosen.encoding);
  reply.send(chosen.bytes);
}
