import { BlockList, isIP } from "node:net";

/**
 * The client's address for anonymous and failed-authentication limits: what the socket says, unless the
 * connection came from a proxy this deployment trusts (LUDEX_TRUSTED_PROXIES), never what a client writes
 * in X-Forwarded-For by itself.
 *
 * Route handlers cannot see the socket, so the launcher's server (lib/runtime/serve-next.ts) works the
 * address out and passes it in CLIENT_ADDRESS_HEADER, after removing any copy the client sent. On Vercel,
 * whose edge overwrites them, x-real-ip / x-vercel-forwarded-for are used.
 */
export const CLIENT_ADDRESS_HEADER = "x-ludex-client-address";

let warnedUnknown = false;

export function clientAddress(request: Request): string {
  // On Vercel nothing strips our header, so a client could send it: Vercel's own headers only.
  if (process.env.VERCEL) {
    const vercel = request.headers.get("x-real-ip") ?? request.headers.get("x-vercel-forwarded-for")?.split(",")[0];
    return vercel?.trim() ? addressKey(vercel.trim()) : "unknown";
  }
  const fromLauncher = request.headers.get(CLIENT_ADDRESS_HEADER);
  if (fromLauncher) return fromLauncher;
  // Served by something that neither strips nor sets the header (a bare `next start`): any header the
  // client sent could be forged, so every such caller shares one bucket rather than picking their own.
  if (!warnedUnknown) {
    warnedUnknown = true;
    console.warn("[access] the client address is unknown (not served by `npm start`'s launcher, not on Vercel): anonymous limits are shared by every caller");
  }
  return "unknown";
}

/** Which hops of X-Forwarded-For to believe: a count of trusted proxies in front of us, or their addresses. */
export type TrustedProxies = { hops: number } | { list: BlockList } | null;

/** LUDEX_TRUSTED_PROXIES: unset (trust nobody), a number of hops (`1`), or addresses and CIDRs (`10.0.0.0/8, 127.0.0.1`). */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const list = new BlockList();
  for (const entry of text.split(",").map((part) => part.trim()).filter(Boolean)) {
    const [address, prefix] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : isIP(address) === 4 ? "ipv4" : null;
    if (!family) throw new Error(`LUDEX_TRUSTED_PROXIES: '${entry}' is not an IP address or CIDR`);
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return { list };
}

/**
 * The client behind the socket peer: walk X-Forwarded-For from the right (each proxy appends the address
 * it received from) while the hop we are looking at is a trusted proxy.
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  let address = plain(socketAddress ?? "");
  if (!address) return "unknown";
  const chain = (forwardedFor ?? "").split(",").map((part) => plain(part.trim())).filter((part) => isIP(part) !== 0);
  if (trusted && "hops" in trusted) {
    for (let hop = 0; hop < trusted.hops && chain.length; hop++) address = chain.pop()!;
  } else if (trusted) {
    while (chain.length && isTrusted(trusted.list, address)) address = chain.pop()!;
  }
  return addressKey(address);
}

function isTrusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is 1.2.3.4. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/**
 * The bucket an address counts in: itself for IPv4, its /64 for IPv6 (one subscriber usually holds a
 * whole /64, so counting single IPv6 addresses would give a client 2^64 buckets).
 */
export function addressKey(address: string): string {
  const ip = plain(address);
  if (isIP(ip) !== 6) return ip;
  const [head, tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}
