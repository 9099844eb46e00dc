import type { FastifyReply } from 'fastify';

/**
 * An answer already written as JSON — by the database (db/json.ts) or once per cache fill (lib/cache.ts) — that
 * goes out as it is: Fastify sends a string with a JSON content type without serialising it again.
 */
export interface JsonText {
  readonly json: string;
}

export const jsonText = (json: string): JsonText => ({ json });

export const JSON_TYPE = 'application/json; charset=utf-8';

export function sendJsonText(reply: FastifyReply, text: JsonText) {
  return reply.type(JSON_TYPE).send(text.json);
}
