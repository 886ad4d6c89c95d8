// SSRF guard for webhook targets. A URL must be https and every address its host resolves to
// must be public unicast. The delivery then connects to exactly the checked address (see
// `pinnedLookup`), so a DNS answer that changes between check and connect (rebinding) is never used.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'unique-local'
  | 'site-local'
  | 'broadcast'
  | 'translation'
  | 'invalid';

type V4Range = [number, number, AddressClass];

function v4ToInt(parts: number[]): number {
  return ((parts[0] << 24) >>> 0) + (parts[1] << 16) + (parts[2] << 8) + parts[3];
}

function cidr4(base: string, bits: number, cls: AddressClass): V4Range {
  const start = v4ToInt(base.split('.').map(Number));
  const size = 2 ** (32 - bits);
  return [start, start + size - 1, cls];
}

// IANA IPv4 special-purpose registry (everything not globally reachable).
const V4_RANGES: V4Range[] = [
  cidr4('0.0.0.0', 8, 'unspecified'),
  cidr4('10.0.0.0', 8, 'private'),
  cidr4('100.64.0.0', 10, 'cgnat'),
  cidr4('127.0.0.0', 8, 'loopback'),
  cidr4('169.254.0.0', 16, 'link-local'),
  cidr4('172.16.0.0', 12, 'private'),
  cidr4('192.0.0.0', 24, 'reserved'),
  cidr4('192.0.2.0', 24, 'documentation'),
  cidr4('192.88.99.0', 24, 'reserved'),
  cidr4('192.168.0.0', 16, 'private'),
  cidr4('198.18.0.0', 15, 'benchmarking'),
  cidr4('198.51.100.0', 24, 'documentation'),
  cidr4('203.0.113.0', 24, 'documentation'),
  cidr4('224.0.0.0', 4, 'multicast'),
  cidr4('255.255.255.255', 32, 'broadcast'),
  cidr4('240.0.0.0', 4, 'reserved'),
];

function classifyV4(address: string): AddressClass {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return 'invalid';
  const n = v4ToInt(parts);
  for (const [start, end, cls] of V4_RANGES) if (n >= start && n <= end) return cls;
  return 'public';
}

/** The 8 16-bit groups of an IPv6 address (embedded dotted quads and zone ids handled), or null. */
export function parseV6(address: string): number[] | null {
  let text = address.replace(/^\[|\]$/g, '').split('%')[0].toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const p = dotted[1].split('.').map(Number);
    if (p.some((x) => x > 255)) return null;
    text = text.slice(0, -dotted[1].length) + `${((p[0] << 8) | p[1]).toString(16)}:${((p[2] << 8) | p[3]).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

function embeddedV4(g: number[], from: number): string {
  return [g[from] >> 8, g[from] & 0xff, g[from + 1] >> 8, g[from + 1] & 0xff].join('.');
}

function classifyV6(address: string): AddressClass {
  const g = parseV6(address);
  if (!g) return 'invalid';
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible): judged as the IPv4 address.
  if (zeroUpTo(5) && g[5] === 0xffff) return classifyV4(embeddedV4(g, 6));
  if (zeroUpTo(6)) return classifyV4(embeddedV4(g, 6));
  // 64:ff9b::/96 NAT64 and 64:ff9b:1::/48 local-use translation: could reach anything.
  if (g[0] === 0x64 && g[1] === 0xff9b) return 'translation';
  if (g[0] === 0x0100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return 'reserved'; // 100::/64 discard
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'documentation';
  if (g[0] === 0x2001 && g[1] < 0x0200) return 'reserved'; // 2001::/23 protocol assignments (Teredo included)
  if (g[0] === 0x2002) return 'translation'; // 6to4 embeds an arbitrary IPv4 address
  if (g[0] === 0x3fff && g[1] < 0x1000) return 'documentation'; // 3fff::/20
  if ((g[0] & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0] & 0xffc0) === 0xfec0) return 'site-local';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  if ((g[0] & 0xe000) !== 0x2000) return 'reserved'; // only 2000::/3 is global unicast
  return 'public';
}

/** What kind of address this is; only 'public' may receive webhooks. */
export function classifyAddress(address: string): AddressClass {
  const version = isIP(address.replace(/^\[|\]$/g, '').split('%')[0]);
  if (version === 4) return classifyV4(address);
  if (version === 6) return classifyV6(address);
  return 'invalid';
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export class TargetRefused extends Error {}

// Named in every refusal a developer can lift, so trying webhooks locally has a way forward.
const LOCAL_HINT = 'the service runs with WEBHOOK_ALLOW_PRIVATE_TARGETS=true (local development only)';

export interface CheckedTarget {
  url: URL;
  /** The addresses that were checked; the connection must go to one of these. */
  addresses: ResolvedAddress[];
}

/**
 * Checks a webhook URL: https only, and every resolved address public, unless `allowPrivate`
 * (tests and local development, where http:// loopback receivers are accepted as well).
 */
export async function checkTarget(raw: string, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('is not a valid absolute URL');
  }
  const allowedProtocols = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!allowedProtocols.includes(url.protocol)) {
    const hint = url.protocol === 'http:' ? `; http:// is accepted only when ${LOCAL_HINT}` : '';
    throw new TargetRefused(allowPrivate ? 'must be an http(s) URL' : `must be an https URL${hint}`);
  }
  if (url.username || url.password) throw new TargetRefused('must not carry credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new TargetRefused(`host ${host} does not resolve`);
    }
    if (addresses.length === 0) throw new TargetRefused(`host ${host} does not resolve`);
  }
  if (!allowPrivate) {
    for (const a of addresses) {
      const cls = classifyAddress(a.address);
      if (cls !== 'public') throw new TargetRefused(`resolves to a ${cls} address, which webhooks may not target unless ${LOCAL_HINT}`);
    }
  }
  return { url, addresses };
}

/** A `lookup` for http(s).request that answers only with the already checked addresses. */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean } | number | undefined, callback: (...args: unknown[]) => void) => {
    const all = typeof options === 'object' && options?.all;
    if (all) callback(null, addresses.map((a) => ({ address: a.address, family: a.family })));
    else callback(null, addresses[0].address, addresses[0].family);
  }) as unknown as LookupFunction;
}
