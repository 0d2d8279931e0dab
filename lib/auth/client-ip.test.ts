import { afterEach, describe, expect, it } from "vitest";
import { clientIpOf } from "./client-ip";

const xff = (v: string) => new Headers({ "x-forwarded-for": v });

describe("clientIpOf", () => {
  afterEach(() => {
    delete process.env.COINOP_PROXY_HOPS;
  });

  it("behind one appending proxy (the default), takes the entry the proxy wrote: the last", () => {
    expect(clientIpOf(xff("203.0.113.7"))).toBe("203.0.113.7");
    // a client-written first entry is ignored
    expect(clientIpOf(xff("1.2.3.4, 203.0.113.7"))).toBe("203.0.113.7");
    expect(clientIpOf({ "x-forwarded-for": "9.9.9.9,  198.51.100.2 " })).toBe("198.51.100.2");
  });

  it("behind two proxies, takes the second entry from the right", () => {
    process.env.COINOP_PROXY_HOPS = "2";
    expect(clientIpOf(xff("1.2.3.4, 203.0.113.7, 10.0.0.5"))).toBe("203.0.113.7");
    expect(clientIpOf(xff("203.0.113.7"))).toBe("203.0.113.7");
  });

  it("counts an IPv6 client by its /64, unwraps IPv4-mapped addresses and ports", () => {
    expect(clientIpOf(xff("2001:db8:1:2:aaaa:bbbb:cccc:dddd"))).toBe("2001:db8:1:2::/64");
    expect(clientIpOf(xff("2001:db8:1:2::1"))).toBe("2001:db8:1:2::/64");
    expect(clientIpOf(xff("2001:db8::1"))).toBe("2001:db8:0:0::/64");
    expect(clientIpOf(xff("::ffff:192.0.2.1"))).toBe("192.0.2.1");
    expect(clientIpOf(xff("[2001:db8:1:2::9]:443"))).toBe("2001:db8:1:2::/64");
    expect(clientIpOf(xff("192.0.2.1:5555"))).toBe("192.0.2.1");
  });

  it("reads garbage and absence as one 'unknown' bucket, and bounds the work on a huge header", () => {
    expect(clientIpOf(new Headers())).toBe("unknown");
    expect(clientIpOf(xff("not an address"))).toBe("unknown");
    expect(clientIpOf(xff(`${"1.1.1.1, ".repeat(100_000)}203.0.113.9`))).toBe("203.0.113.9");
  });
});
