import type { FastifyReply } from 'fastify';

/**
 * An answer already written as JSON — by the database (db/json.ts) or once per cache fill (lib/cache.ts) — that
 * goes out as it is, without serialising it again.
 */
export interface JsonText {
  readonly json: string;
}

export const jsonText = (json: string): JsonText => ({ json });

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sent as its UTF-8 bytes: a string would be measured once more by Fastify and joined to the headers by Node in a
 * copy twice its length before being encoded anyway (issue 24, as the cached answers, lib/cache.ts).
 */
export function sendJsonText(reply: FastifyReply, text: JsonText) {
  return reply.type(JSON_TYPE).send(Buffer.from(text.json));
}
