import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Whether the hop at `address`, `hop` steps from this process, is a proxy whose X-Forwarded-For is believed. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The trust of the TRUST_PROXY setting (config.ts) as one function, given to Fastify as its `trustProxy` (which
 * takes a function as it is) and used by the memory lane (lib/memory-lane.ts): one rule for a client's address.
 * A hop count trusts that many hops; a list trusts those addresses and ranges, compiled as Fastify compiles one.
 */
export function trustProxyFunction(value: false | number | string[]): TrustProxy | false {
  if (value === false) return false;
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return proxyAddr.compile(value);
}

/**
 * The client's address as Fastify's `request.ip` reads it: the socket's peer without a trusted proxy; with one, the
 * nearest address in X-Forwarded-For that is not a trusted proxy.
 */
export function clientAddress(request: IncomingMessage, trust: TrustProxy | false): string | undefined {
  if (!trust) return request.socket.remoteAddress;
  const addresses = proxyAddr.all(request, trust);
  return addresses[addresses.length - 1];
}
