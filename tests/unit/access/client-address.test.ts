import { describe, expect, it } from "vitest";
import { addressKey, clientAddress, parseTrustedProxies, resolveClientAddress } from "@/lib/access/client-address";
import { memoryBackend } from "@/lib/metering/rate-limit-backends";

describe("client address", () => {
  it("is the socket peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("::ffff:192.0.2.1", "198.51.100.7, 198.51.100.8", null)).toBe("192.0.2.1");
  });

  it("walks X-Forwarded-For from the right through trusted proxies only", () => {
    const trusted = parseTrustedProxies("10.0.0.0/8, 192.0.2.1");
    expect(resolveClientAddress("192.0.2.1", "203.0.113.5, 198.51.100.7, 10.1.1.1", trusted)).toBe("198.51.100.7");
    // an untrusted peer's header is ignored
    expect(resolveClientAddress("192.0.2.50", "203.0.113.5", trusted)).toBe("192.0.2.50");
    // garbage entries are skipped, not taken as addresses
    expect(resolveClientAddress("192.0.2.1", "203.0.113.5, not-an-ip", trusted)).toBe("203.0.113.5");
  });

  it("with a hop count, takes that many entries from the right", () => {
    expect(resolveClientAddress("10.0.0.1", "1.1.1.1, 203.0.113.5", parseTrustedProxies("1"))).toBe("203.0.113.5");
    expect(resolveClientAddress("10.0.0.1", "1.1.1.1, 203.0.113.5", parseTrustedProxies("2"))).toBe("1.1.1.1");
    expect(resolveClientAddress("10.0.0.1", undefined, parseTrustedProxies("1"))).toBe("10.0.0.1");
  });

  it("counts IPv6 clients per /64", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });

  it("rejects a malformed LUDEX_TRUSTED_PROXIES instead of trusting everyone", () => {
    expect(() => parseTrustedProxies("10.0.0.0/8, proxy.local")).toThrow(/not an IP address/);
  });

  it("without the launcher's header (a bare `next start`), every caller shares one bucket, forged headers ignored", () => {
    const request = new Request("http://x/", { headers: { "x-forwarded-for": "198.51.100.7", "x-real-ip": "198.51.100.7" } });
    expect(clientAddress(request)).toBe("unknown");
  });
});

describe("on Vercel", () => {
  it("reads Vercel's x-real-ip and ignores a client's copy of the launcher's header", () => {
    process.env.VERCEL = "1";
    try {
      const request = new Request("http://x/", { headers: { "x-real-ip": "203.0.113.5", "x-ludex-client-address": "198.51.100.7" } });
      expect(clientAddress(request)).toBe("203.0.113.5");
    } finally {
      delete process.env.VERCEL;
    }
  });
});

describe("in-process limiter memory", () => {
  it("stays bounded however many addresses call", async () => {
    const backend = memoryBackend(Date.now, 1_000);
    const policy = { name: "anonymous", requests: 5, windowSeconds: 60 };
    for (let i = 0; i < 5_000; i++) await backend.limit(`ip:10.0.${i >> 8}.${i & 255}`, policy);
    expect(backend.size()).toBe(1_000);
    // the most recently counted keys are kept
    for (let i = 0; i < 4; i++) await backend.limit("ip:10.0.19.135", policy);
    expect((await backend.limit("ip:10.0.19.135", policy)).success).toBe(false);
  });
});
