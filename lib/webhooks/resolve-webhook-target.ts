// Where a webhook URL really points: its host resolved (every address DNS gives), each address judged by
// address-policy.ts. Used when a URL is set (check-webhook-url.ts) and again at every delivery
// (post-webhook.ts), which then connects to the address checked here and to no other (DNS rebinding).
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { classifyAddress, refusedAddressReason } from "./address-policy.ts";
import type { LoopbackRule } from "./loopback-rule.ts";

export type ResolvedAddress = { address: string; family: number };
/** Every address of a host name (node:dns `lookup` with `all`); injectable for tests. */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export type WebhookTarget = { url: URL; address: string; family: 4 | 6; loopback: boolean };

export type TargetResult =
  | { ok: true; target: WebhookTarget }
  /** invalid: not an http(s) URL; refused: an address outside the rules; unresolved: the name has no address (yet) */
  | { ok: false; kind: "invalid" | "refused" | "unresolved"; reason: string };

/**
 * `localhost` and the names under it (RFC 6761), in any case and with or without the root's trailing dot:
 * loopback by definition, whatever a resolver says (one answers `localhost.` with 127.0.0.1, another with
 * nothing: a name that does not resolve would otherwise be accepted when set).
 */
export const isLocalhostName = (host: string): boolean => {
  const name = host.toLowerCase().replace(/\.+$/, "");
  return name === "localhost" || name.endsWith(".localhost");
};

/**
 * Resolves `raw` and checks every address: refused when any of them is outside the public internet
 * (loopback only with `allowLoopback`: loopback-rule.ts; `loopbackRefusal` says why not). The URL must be
 * http(s); the WHATWG parser has already turned every IPv4 spelling (0177.0.0.1, 2130706433, 0x7f.1, 127.1,
 * a trailing dot) into a dotted quad and every IPv6 one into its short form. A localhost name is loopback
 * without asking DNS. On success, the first address is the one to connect to.
 */
export const resolveWebhookTarget = async (
  raw: string,
  { allowLoopback, loopbackRefusal, lookup = systemLookup }: LoopbackRule & { lookup?: LookupAll },
): Promise<TargetResult> => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, kind: "invalid", reason: "The webhook URL is not a valid URL." };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, kind: "invalid", reason: "The webhook URL must use http or https." };
  // The URL parser has already turned decimal, hex and short IPv4 forms into dotted quads.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else if (isLocalhostName(host)) {
    if (!allowLoopback)
      return { ok: false, kind: "refused", reason: `${host} names ${refusedAddressReason("127.0.0.1", { allowLoopback, loopbackRefusal, named: false })}` };
    // allowed (a developer's machine): where the resolver points it, else 127.0.0.1; either is checked below
    addresses = await lookup(host).catch(() => []);
    if (addresses.length === 0) addresses = [{ address: "127.0.0.1", family: 4 }];
  } else {
    try {
      addresses = await lookup(host);
    } catch (err) {
      const code = (err as { code?: string }).code ?? "lookup failed";
      return { ok: false, kind: "unresolved", reason: `${host} does not resolve (${code})` };
    }
    if (addresses.length === 0) return { ok: false, kind: "unresolved", reason: `${host} does not resolve` };
  }
  // A literal address is the tenant's own words and is named; an address DNS gave is not (only its
  // category): naming it would let anyone who can set a URL read the server's DNS (internal names included).
  const named = isIP(host) !== 0;
  for (const { address } of addresses) {
    const refused = refusedAddressReason(address, { allowLoopback, loopbackRefusal, named });
    if (refused) return { ok: false, kind: "refused", reason: named ? refused : `${host} resolves to ${refused}` };
  }
  const [first] = addresses;
  const address = first.address.split("%")[0];
  return { ok: true, target: { url, address, family: isIP(address) === 6 ? 6 : 4, loopback: classifyAddress(address).kind === "loopback" } };
};
