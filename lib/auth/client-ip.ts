// The address a request came from, for the per-IP throttles. Next.js does not expose the socket address
// to route handlers or server actions: it copies it into X-Forwarded-For, but only when the request has no
// X-Forwarded-For yet. Each reverse proxy in front appends the address it saw, so with COINOP_PROXY_HOPS
// proxies (default 1) the client is the COINOP_PROXY_HOPS-th entry from the right:
//   - behind one appending proxy (nginx `proxy_add_x_forwarded_for`, most load balancers): the last entry,
//     written by the proxy, which no client can forge;
//   - behind two (a CDN, then a load balancer): set COINOP_PROXY_HOPS=2;
//   - with none (`npm start` facing the internet): the last entry is the socket address, unless the client
//     sent the header itself; such a client picks its own bucket, so per-address limits are best effort
//     there and the per-email limits are what holds.
import { isIPv4, isIPv6 } from "node:net";
import { proxyHops } from "../config/settings.ts";

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

const headerOf = (headers: HeaderSource, name: string): string | undefined => {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(",") : v;
};

/** IPv6 clients usually hold a whole /64: count the /64, so rotating within it gains nothing. */
const bucketOf = (ip: string): string => {
  const bare = ip.replace(/^\[|\](:\d+)?$/g, "").replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, "$1");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return "unknown";
  const [head = "", tail = ""] = bare.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = bare.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
};

/** The client's address (an IPv4 address, an IPv6 /64, or "unknown"), read as the comment above says. */
export const clientIpOf = (headers: HeaderSource): string => {
  // The trusted entries are at the right end: bound the work from there.
  const raw = (headerOf(headers, "x-forwarded-for") ?? "").slice(-1000);
  const hops = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (hops.length === 0) return "unknown";
  return bucketOf(hops[Math.max(0, hops.length - proxyHops())]!);
};
