import { isIP } from 'node:net';

/** What kind of destination an IP address is; only `public` may receive webhooks or provider calls by default. */
export type AddressKind = 'public' | 'private' | 'loopback' | 'link-local' | 'unspecified' | 'multicast' | 'reserved';

type Range = readonly [base: bigint, prefixLength: number, kind: AddressKind];

const ipv4Ranges: readonly Range[] = [
  [v4('0.0.0.0'), 8, 'unspecified'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'private'], // carrier-grade NAT
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link-local'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved'],
  [v4('192.0.2.0'), 24, 'reserved'], // documentation
  [v4('192.88.99.0'), 24, 'reserved'], // 6to4 relay
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'reserved'], // benchmarking
  [v4('198.51.100.0'), 24, 'reserved'],
  [v4('203.0.113.0'), 24, 'reserved'],
  [v4('224.0.0.0'), 4, 'multicast'],
  [v4('240.0.0.0'), 4, 'reserved'], // includes 255.255.255.255
];

const ipv6Ranges: readonly Range[] = [
  [v6('::'), 128, 'unspecified'],
  [v6('::1'), 128, 'loopback'],
  [v6('64:ff9b:1::'), 48, 'private'], // local-use NAT64
  [v6('100::'), 64, 'reserved'], // discard
  [v6('2001::'), 23, 'reserved'], // protocol assignments, Teredo
  [v6('2001:db8::'), 32, 'reserved'], // documentation
  [v6('3fff::'), 20, 'reserved'], // documentation
  [v6('fc00::'), 7, 'private'], // unique local
  [v6('fe80::'), 10, 'link-local'],
  [v6('fec0::'), 10, 'private'], // site-local (deprecated)
  [v6('ff00::'), 8, 'multicast'],
];

/** Prefixes whose addresses carry an IPv4 address in their last 32 bits (or bits 16..47 for 6to4). */
const IPV4_MAPPED = v6('::ffff:0:0');
const NAT64 = v6('64:ff9b::');
const SIX_TO_FOUR = v6('2002::');
const GLOBAL_UNICAST = v6('2000::');

/** Classifies an IPv4 or IPv6 address (IPv6 zone ids allowed); throws for anything else. */
export function classifyAddress(address: string): AddressKind {
  const plain = address.split('%')[0];
  const version = isIP(plain);
  if (version === 4) return classifyIpv4(v4(plain));
  if (version === 6) return classifyIpv6(v6(plain));
  throw new Error(`Not an IP address: ${address}`);
}

export const isPublicAddress = (address: string): boolean => classifyAddress(address) === 'public';

function classifyIpv4(value: bigint): AddressKind {
  return ipv4Ranges.find(([base, length]) => inRange(value, base, length, 32))?.[2] ?? 'public';
}

function classifyIpv6(value: bigint): AddressKind {
  if (inRange(value, IPV4_MAPPED, 96, 128) || inRange(value, NAT64, 96, 128)) return classifyIpv4(value & 0xffffffffn);
  if (inRange(value, SIX_TO_FOUR, 16, 128)) return classifyIpv4((value >> 80n) & 0xffffffffn);
  const special = ipv6Ranges.find(([base, length]) => inRange(value, base, length, 128))?.[2];
  if (special) return special;
  // Outside 2000::/3 nothing is globally routed (this includes the deprecated IPv4-compatible ::/96).
  return inRange(value, GLOBAL_UNICAST, 3, 128) ? 'public' : 'reserved';
}

function inRange(value: bigint, base: bigint, prefixLength: number, bits: number): boolean {
  const shift = BigInt(bits - prefixLength);
  return value >> shift === base >> shift;
}

function v4(address: string): bigint {
  return address.split('.').reduce((acc, octet) => (acc << 8n) | BigInt(Number(octet)), 0n);
}

/** Parses a valid IPv6 text form, including `::` and a trailing dotted IPv4 part. */
function v6(address: string): bigint {
  let text = address.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const ipv4 = v4(tail);
    text = `${text.slice(0, lastColon + 1)}${(ipv4 >> 16n).toString(16)}:${(ipv4 & 0xffffn).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const groups =
    rest === undefined ? headGroups : [...headGroups, ...new Array<string>(8 - headGroups.length - restGroups.length).fill('0'), ...restGroups];
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(parseInt(group, 16)), 0n);
}
