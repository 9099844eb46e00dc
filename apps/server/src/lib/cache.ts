import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonText, sendJsonText } from './json-text';

/**
 * A small in-process read cache for public, rarely changing answers (a journal's row, its home). Entries live
 * `ttlMs`; a process that changes the data drops them at once, and other processes see the change within the
 * TTL, which keeps several stateless server processes simple (DESIGN §1). A TTL of 0 turns it off. An entry is
 * built from the database, never from another cached entry (which could be nearly a TTL old already), so what it
 * shows is never older than the TTL.
 */
export class ReadCache {
  private entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(private readonly ttlMs: number) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed load is not kept.
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > 10_000) this.entries.clear();
    return value;
  }

  /** Drops every entry whose key starts with `prefix` (e.g. everything of one journal). */
  invalidate(prefix: string) {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

/** A public answer as it goes on the wire: serialised and tagged once per cache fill, not on every hit. */
export interface WireJson {
  body: string;
  etag: string;
}

/** `value` encoded by its response schema (what the route's serializer would send), with a strong ETag. */
export function wireJson<T>(schema: { encode(value: T): unknown }, value: T): WireJson {
  const body = JSON.stringify(schema.encode(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Sends a cached answer as it is (lib/json-text.ts); a client that already holds this version gets 304. */
export function sendWireJson(request: FastifyRequest, reply: FastifyReply, wire: WireJson) {
  reply.header('etag', wire.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === wire.etag) return reply.code(304).send();
  return sendJsonText(reply, jsonText(wire.body));
}
