import { isIP } from 'node:net';

/** The settings that name addresses (TRUST_PROXY, FETCH_ALLOW_PRIVATE), read as Fastify and the guarded fetch take them. */

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4 or IPv6 address, alone or as a CIDR range. */
function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const entriesOf = (trimmed: string) => trimmed.split(',').map((entry) => entry.trim());

/** `false`, a hop count, or a list of addresses/ranges as Fastify's trustProxy takes them; null when invalid. */
export function parseTrustProxy(value: string | undefined): false | number | string[] | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = entriesOf(trimmed);
  return entries.every((entry) => NAMED_RANGES.has(entry) || isAddressOrRange(entry)) ? entries : null;
}

/** FETCH_ALLOW_PRIVATE: false, true, or a list of addresses and CIDR ranges; null when invalid. */
export function parseFetchAllowPrivate(value: string | undefined): boolean | string[] | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  const entries = entriesOf(trimmed);
  return entries.every(isAddressOrRange) ? entries : null;
}
