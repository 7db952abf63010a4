import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * Addresses a server-side fetch of a client's URL must never reach: loopback, private networks, link-local
 * (cloud metadata services live at 169.254.169.254), carrier-grade NAT, documentation, multicast and the
 * IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4), whose IPv4 part is checked instead.
 */
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15],
  ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) REFUSED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128], ["::1", 128], ["100::", 64], ["2001::", 23], ["2001:db8::", 32], ["fc00::", 7], ["fe80::", 10], ["fec0::", 10], ["ff00::", 8],
] as const) REFUSED.addSubnet(network, prefix, "ipv6");

/** True when the address is a public unicast address on the internet. */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !REFUSED.check(address, "ipv4");
  if (!isIPv6(address)) return false;
  const embedded = embeddedIpv4(address);
  if (embedded !== undefined) return embedded !== null && isPublicAddress(embedded);
  return !REFUSED.check(address, "ipv6");
}

/**
 * The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address;
 * null for an IPv4-compatible (::a.b.c.d) form, which is deprecated and refused; undefined for other addresses.
 */
function embeddedIpv4(address: string): string | null | undefined {
  const groups = expandIpv6(address.toLowerCase());
  if (!groups) return null;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return v4(groups[6], groups[7]);
  if (groups.slice(0, 6).every((g) => g === 0)) return groups[6] === 0 && groups[7] <= 1 ? undefined : null;
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return v4(groups[6], groups[7]);
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  return undefined;
}

/** Eight 16-bit groups of an IPv6 address, its dotted IPv4 tail (if any) converted. */
function expandIpv6(address: string): number[] | null {
  let text = address.split("%")[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split(".").map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  const groups = tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}
