import { BlockList, isIP } from 'node:net';

/**
 * The addresses a fetch on someone's behalf never reaches unless the operator allows them (decision 0079): the
 * machine itself, its private networks, link-local (the cloud's metadata service at 169.254.169.254), multicast,
 * unspecified and reserved ranges. An IPv6 address that carries an IPv4 one (mapped, NAT64) is judged by it.
 */
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): translated to whatever the site's own networks are
  ['2001::', 32], // Teredo: tunnels to an IPv4 address written obfuscated
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv6');

/** Whether `address` is refused under FETCH_ALLOW_PRIVATE's value: false, true, or the addresses and ranges allowed. */
export function isRefusedAddress(address: string, allowPrivate: boolean | readonly string[]): boolean {
  if (allowPrivate === true) return false;
  const family = isIP(address);
  if (family === 0) return true;
  const embedded = family === 6 ? embeddedIpv4(address) : null;
  const checked = embedded ?? address;
  const type = embedded || family === 4 ? 'ipv4' : 'ipv6';
  if (!REFUSED.check(checked, type)) return false;
  return allowPrivate === false || !allowed(allowPrivate).check(checked, type);
}

const allowedLists = new WeakMap<readonly string[], BlockList>();

/** The operator's list as a BlockList, made once per list. */
function allowed(list: readonly string[]): BlockList {
  let blockList = allowedLists.get(list);
  if (!blockList) {
    blockList = new BlockList();
    for (const entry of list) {
      const [address = '', prefix] = entry.split('/');
      const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) blockList.addAddress(address, type);
      else blockList.addSubnet(address, Number(prefix), type);
    }
    allowedLists.set(list, blockList);
  }
  return blockList;
}

/**
 * The IPv4 address an IPv6 one carries: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64
 * (64:ff9b::a.b.c.d), 6to4 (2002:aabb:ccdd::, which a 6to4 relay delivers to a.b.c.d).
 */
function embeddedIpv4(address: string): string | null {
  const groups = expandIpv6(address);
  if (!groups) return null;
  const head = groups.slice(0, 6);
  const zeros = (count: number) => head.slice(0, count).every((group) => group === 0);
  const mapped = zeros(5) && head[5] === 0xffff;
  const compatible = zeros(6) && (groups[6] ?? 0) !== 0;
  const nat64 = head[0] === 0x64 && head[1] === 0xff9b && head.slice(2).every((group) => group === 0);
  if (head[0] === 0x2002) {
    const [, high = 0, low = 0] = groups;
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  if (!mapped && !compatible && !nat64) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part read as two groups), or null. */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left = '', right] = text.split('::');
  const part = (side: string) => (side === '' ? [] : side.split(':').map((group) => Number.parseInt(group, 16)));
  const head = part(left);
  const tail = right === undefined ? [] : part(right);
  const groups = right === undefined ? head : [...head, ...Array(8 - head.length - tail.length).fill(0), ...tail];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group)) ? groups : null;
}
