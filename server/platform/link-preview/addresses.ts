import { isIP } from "node:net";

// Which IP addresses a server-side fetch of a user-supplied URL may never reach: private,
// loopback, link-local (with the cloud metadata address), multicast, reserved and unique-local
// ranges, in IPv4, IPv6, and IPv6 forms that embed an IPv4 address.

type Range = [network: number, prefix: number];

const IPV4_FORBIDDEN: Range[] = [
  [ipv4("0.0.0.0"), 8], // "this network"
  [ipv4("10.0.0.0"), 8], // private
  [ipv4("100.64.0.0"), 10], // carrier-grade NAT
  [ipv4("127.0.0.0"), 8], // loopback
  [ipv4("169.254.0.0"), 16], // link-local, incl. 169.254.169.254 (cloud metadata)
  [ipv4("172.16.0.0"), 12], // private
  [ipv4("192.0.0.0"), 24], // IETF protocol assignments
  [ipv4("192.0.2.0"), 24], // documentation
  [ipv4("192.88.99.0"), 24], // 6to4 relay
  [ipv4("192.168.0.0"), 16], // private
  [ipv4("198.18.0.0"), 15], // benchmarking
  [ipv4("198.51.100.0"), 24], // documentation
  [ipv4("203.0.113.0"), 24], // documentation
  [ipv4("224.0.0.0"), 4], // multicast
  [ipv4("240.0.0.0"), 4], // reserved, incl. 255.255.255.255
];

function ipv4(address: string): number {
  return address.split(".").reduce((value, octet) => value * 256 + Number(octet), 0);
}

function inRange(value: number, [network, prefix]: Range): boolean {
  const size = 2 ** (32 - prefix);
  return Math.floor(value / size) === Math.floor(network / size);
}

function forbiddenIpv4(address: string): boolean {
  const value = ipv4(address);
  return IPV4_FORBIDDEN.some((range) => inRange(value, range));
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail expanded). */
export function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split("%")[0] ?? "";
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1]) {
    const v4 = ipv4(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array(missing).fill("0"), ...right].map((group) => Number.parseInt(group || "0", 16));
}

function embeddedIpv4(groups: number[]): string {
  const [a = 0, b = 0] = groups.slice(6);
  return [a >> 8, a & 255, b >> 8, b & 255].join(".");
}

function forbiddenIpv6(address: string): boolean {
  const g = ipv6Groups(address);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0] = g;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return true; // ::
  if (zeroUpTo(7) && g[7] === 1) return true; // ::1 loopback
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) forms
  // reach the IPv4 address inside: judge that one.
  if (zeroUpTo(5) && g5 === 0xffff) return forbiddenIpv4(embeddedIpv4(g));
  if (zeroUpTo(6)) return forbiddenIpv4(embeddedIpv4(g));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return forbiddenIpv4(embeddedIpv4(g));
  if (g0 === 0x2002) return forbiddenIpv4([g1 >> 8, g1 & 255, g2 >> 8, g2 & 255].join(".")); // 6to4
  if ((g0 & 0xfe00) === 0xfc00) return true; // fc00::/7 unique-local
  if ((g0 & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  if (g0 === 0x0100 && zeroUpTo(0) && g1 === 0 && g2 === 0 && g3 === 0) return true; // discard-only 100::/64
  return false;
}

/** True when a fetch must not connect to this address (anything that is not a valid IP included). */
export function isForbiddenAddress(address: string): boolean {
  const version = isIP(address.split("%")[0] ?? "");
  if (version === 4) return forbiddenIpv4(address);
  if (version === 6) return forbiddenIpv6(address);
  return true;
}
