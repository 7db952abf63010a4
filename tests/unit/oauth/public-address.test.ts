// The SSRF guard's address check: what a fetch of a client's metadata document may reach.
import { describe, expect, it } from "vitest";
import { checkClientIdUrl } from "../../../lib/oauth/client-metadata-document";
import { isPublicAddress } from "../../../lib/oauth/public-address";

describe("isPublicAddress", () => {
  it("accepts public unicast addresses", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "140.82.112.3", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("refuses loopback, private, link-local, CGNAT, reserved, multicast and IPv4 hidden in IPv6", () => {
    for (const address of [
      "127.0.0.1", "127.255.0.9", "10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1",
      "0.0.0.0", "192.0.2.1", "198.18.0.1", "224.0.0.1", "255.255.255.255", "::", "::1", "fe80::1", "fd12:3456::1", "fc00::1",
      "ff02::1", "2001:db8::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::127.0.0.1", "64:ff9b::a9fe:a9fe",
      "2002:7f00:1::1", "2002:c0a8:101::", "fe80::1%eth0", "not-an-address", "",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe("checkClientIdUrl", () => {
  it("takes an https URL with a path (a query is allowed)", () => {
    expect(checkClientIdUrl("https://app.example.com/oauth/client.json")).toBeInstanceOf(URL);
    expect(checkClientIdUrl("https://app.example.com/client?v=2")).toBeInstanceOf(URL);
  });

  it("refuses other schemes, bare origins, fragments, credentials and dot segments", () => {
    for (const [value, message] of [
      ["http://app.example.com/client.json", /https/],
      ["ftp://app.example.com/client.json", /https/],
      ["https://app.example.com", /path/],
      ["https://app.example.com/", /path/],
      ["https://app.example.com/a/./client.json", /path/],
      ["https://app.example.com/a/%2e%2e/client.json", /path/],
      ["https://app.example.com/client.json#x", /fragment/],
      ["https://me:pw@app.example.com/client.json", /credentials/],
      ["not a url", /not a valid URL/],
    ] as const) {
      expect(checkClientIdUrl(value), value).toMatch(message);
    }
  });
});
