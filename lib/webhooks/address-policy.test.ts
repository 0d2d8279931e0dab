import { describe, expect, it } from "vitest";
import { classifyAddress, embeddedIpv4, ipv6Bytes, refusedAddressReason } from "./address-policy.ts";

const live = { allowLoopback: false };
const test = { allowLoopback: true };

describe("refusedAddressReason", () => {
  it.each([
    ["169.254.169.254", /link-local/],
    ["169.254.0.1", /link-local/],
    ["fe80::1", /link-local/],
    ["fe80::1%eth0", /link-local/],
    ["10.0.0.1", /private/],
    ["172.16.0.1", /private/],
    ["172.31.255.255", /private/],
    ["192.168.1.1", /private/],
    ["fc00::1", /private/],
    ["fd12:3456::1", /private/],
    ["100.64.0.1", /carrier-grade NAT/],
    ["100.127.255.255", /carrier-grade NAT/],
    ["0.0.0.0", /unspecified/],
    ["::", /unspecified/],
    ["224.0.0.1", /multicast/],
    ["ff02::1", /multicast/],
    ["255.255.255.255", /broadcast/],
    ["240.0.0.1", /reserved/],
  ])("always refuses %s", (address, reason) => {
    expect(refusedAddressReason(address, live)).toMatch(reason);
    expect(refusedAddressReason(address, test)).toMatch(reason);
  });

  it("refuses loopback in live mode and allows it in test mode", () => {
    for (const address of ["127.0.0.1", "127.255.0.9", "::1"]) {
      expect(refusedAddressReason(address, live)).toMatch(/loopback address, allowed in test mode only/);
      expect(refusedAddressReason(address, test)).toBeNull();
    }
  });

  it("judges an IPv4 address carried in IPv6 (mapped, NAT64, 6to4) by that IPv4 address", () => {
    expect(refusedAddressReason("::ffff:127.0.0.1", live)).toBe("::ffff:127.0.0.1 carries 127.0.0.1, a loopback address, allowed in test mode only");
    expect(refusedAddressReason("::ffff:7f00:1", live)).toMatch(/carries 127\.0\.0\.1/);
    expect(refusedAddressReason("::ffff:169.254.169.254", test)).toMatch(/carries 169\.254\.169\.254, a link-local/);
    expect(refusedAddressReason("64:ff9b::a9fe:a9fe", test)).toMatch(/carries 169\.254\.169\.254/);
    expect(refusedAddressReason("2002:0a00:0001::1", test)).toMatch(/carries 10\.0\.0\.1, a private/);
    expect(refusedAddressReason("::ffff:8.8.8.8", live)).toBeNull();
  });

  it("allows public addresses, and refuses what is not an address", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700::1111"]) expect(refusedAddressReason(address, live)).toBeNull();
    expect(refusedAddressReason("example.com", test)).toMatch(/not an IP address/);
    expect(classifyAddress("127.0.0.1").kind).toBe("loopback");
    expect(classifyAddress("::ffff:127.0.0.1").kind).toBe("loopback");
    expect(classifyAddress("8.8.8.8").kind).toBe("public");
  });
});

describe("ipv6Bytes / embeddedIpv4", () => {
  it("expands :: and trailing dotted quads", () => {
    expect([...ipv6Bytes("::ffff:1.2.3.4")!]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4]);
    expect([...ipv6Bytes("1:2:3:4:5:6:7:8")!]).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(ipv6Bytes("1.2.3.4")).toBeNull();
    expect(embeddedIpv4("::ffff:0a00:0001")).toBe("10.0.0.1");
    expect(embeddedIpv4("2001:db8::1")).toBeNull();
  });
});
