// Which IP addresses a webhook may be delivered to: public unicast only. Link-local (where cloud metadata
// services answer, 169.254.169.254), private, CGNAT, unspecified, multicast, broadcast and reserved ranges
// are always refused; loopback only where the caller allows it (loopback-rule.ts: the operator's setting,
// test mode). An IPv6 address that carries an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged by that
// IPv4 address, so it cannot smuggle one past the rules. Pure: no DNS here (resolve-webhook-target.ts).
import { BlockList, isIP } from "node:net";

type Range = [network: string, prefix: number, family: "ipv4" | "ipv6"];

const CLASSES: { reason: string; ranges: Range[] }[] = [
  {
    reason: "a loopback address",
    ranges: [
      ["127.0.0.0", 8, "ipv4"],
      ["::1", 128, "ipv6"],
    ],
  },
  {
    reason: "a link-local address (where cloud metadata services answer)",
    ranges: [
      ["169.254.0.0", 16, "ipv4"],
      ["fe80::", 10, "ipv6"],
    ],
  },
  {
    reason: "a private address",
    ranges: [
      ["10.0.0.0", 8, "ipv4"],
      ["172.16.0.0", 12, "ipv4"],
      ["192.168.0.0", 16, "ipv4"],
      ["fc00::", 7, "ipv6"],
      ["fec0::", 10, "ipv6"],
      ["64:ff9b:1::", 48, "ipv6"],
    ],
  },
  { reason: "a shared (carrier-grade NAT) address", ranges: [["100.64.0.0", 10, "ipv4"]] },
  {
    reason: "an unspecified address",
    ranges: [
      ["0.0.0.0", 8, "ipv4"],
      ["::", 128, "ipv6"],
    ],
  },
  {
    reason: "a multicast address",
    ranges: [
      ["224.0.0.0", 4, "ipv4"],
      ["ff00::", 8, "ipv6"],
    ],
  },
  {
    reason: "a broadcast or reserved address",
    ranges: [
      ["240.0.0.0", 4, "ipv4"],
      ["::", 96, "ipv6"],
      ["100::", 64, "ipv6"],
    ],
  },
  {
    reason: "a special-purpose or documentation address",
    ranges: [
      ["192.0.0.0", 24, "ipv4"],
      ["192.0.2.0", 24, "ipv4"],
      ["198.18.0.0", 15, "ipv4"],
      ["198.51.100.0", 24, "ipv4"],
      ["203.0.113.0", 24, "ipv4"],
      ["2001:db8::", 32, "ipv6"],
    ],
  },
];

const LOOPBACK = 0;

const LISTS = CLASSES.map(({ reason, ranges }) => {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return { reason, list, families: new Set(ranges.map((r) => r[2])) };
});

/** The 16 bytes of an IPv6 address (zone id dropped, a trailing dotted quad allowed); null if malformed. */
export const ipv6Bytes = (address: string): Uint8Array | null => {
  const ip = address.split("%")[0];
  if (isIP(ip) !== 6) return null;
  let text = ip;
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad[1].split(".").map(Number);
    text = text.slice(0, quad.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups];
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    const n = parseInt(g, 16);
    bytes[2 * i] = n >> 8;
    bytes[2 * i + 1] = n & 0xff;
  });
  return bytes;
};

const dotted = (b: Uint8Array, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
const zero = (b: Uint8Array, from: number, to: number) => b.slice(from, to).every((x) => x === 0);

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4), or null. */
export const embeddedIpv4 = (address: string): string | null => {
  const b = ipv6Bytes(address);
  if (!b) return null;
  if (zero(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return dotted(b, 12); // ::ffff:a.b.c.d
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(b, 4, 12)) return dotted(b, 12); // 64:ff9b::a.b.c.d
  if (b[0] === 0x20 && b[1] === 0x02) return dotted(b, 2); // 2002:aabb:ccdd::
  return null;
};

/**
 * `reason` names the address ("10.0.0.5 is a private address"): for an address the tenant typed. `category`
 * does not ("a private address"): for one a host name resolved to, which must not be told (it would map the
 * server's DNS, internal names included, for whoever sets a URL).
 */
export type AddressClass = { kind: "public" } | { kind: "loopback" | "refused"; reason: string; category: string };

/** Where `address` points: a public address, loopback, or a range no webhook may reach (with why). */
export const classifyAddress = (address: string): AddressClass => {
  const ip = address.split("%")[0];
  const family = isIP(ip);
  if (family === 0) return { kind: "refused", reason: `"${address}" is not an IP address`, category: "not an IP address" };
  if (family === 6) {
    const v4 = embeddedIpv4(ip);
    if (v4 !== null) {
      const inner = classifyAddress(v4);
      return inner.kind === "public" ? inner : { kind: inner.kind, reason: `${ip} carries ${v4}, ${inner.category}`, category: inner.category };
    }
  }
  const type = family === 4 ? "ipv4" : "ipv6";
  for (const [i, { reason, list, families }] of LISTS.entries())
    if (families.has(type) && list.check(ip, type)) return { kind: i === LOOPBACK ? "loopback" : "refused", reason: `${ip} is ${reason}`, category: reason };
  return { kind: "public" };
};

/**
 * Why a webhook must not be delivered to `address`, or null when it may. `allowLoopback`: local receivers
 * (127.0.0.1, ::1) are allowed (loopback-rule.ts: the operator's setting, test mode); `loopbackRefusal`: why
 * they are not, when they are not (default: test mode only). `named: false` leaves the address out (only its
 * category: "a private address"), for an address DNS gave rather than one the tenant wrote.
 */
export const refusedAddressReason = (
  address: string,
  { allowLoopback, loopbackRefusal = "allowed in test mode only", named = true }: { allowLoopback: boolean; loopbackRefusal?: string; named?: boolean },
): string | null => {
  const c = classifyAddress(address);
  if (c.kind === "public" || (c.kind === "loopback" && allowLoopback)) return null;
  const why = named ? c.reason : c.category;
  return c.kind === "loopback" ? `${why}, ${loopbackRefusal}` : why;
};
