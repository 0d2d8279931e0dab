// Where a webhook URL really points: its host resolved (every address DNS gives), each address judged by
// address-policy.ts. Used when a URL is set (check-webhook-url.ts) and again at every delivery
// (post-webhook.ts), which then connects to the address checked here and to no other (DNS rebinding).
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { classifyAddress, refusedAddressReason } from "./address-policy.ts";

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
 * Resolves `raw` and checks every address: refused when any of them is outside the public internet
 * (loopback only with `allowLoopback`, i.e. in test mode). The URL must be http(s). On success, the first
 * address is the one to connect to.
 */
export const resolveWebhookTarget = async (
  raw: string,
  { allowLoopback, lookup = systemLookup }: { allowLoopback: boolean; lookup?: LookupAll },
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
  } else {
    try {
      addresses = await lookup(host);
    } catch (err) {
      const code = (err as { code?: string }).code ?? "lookup failed";
      return { ok: false, kind: "unresolved", reason: `${host} does not resolve (${code})` };
    }
    if (addresses.length === 0) return { ok: false, kind: "unresolved", reason: `${host} does not resolve` };
  }
  for (const { address } of addresses) {
    const refused = refusedAddressReason(address, { allowLoopback });
    if (refused) return { ok: false, kind: "refused", reason: isIP(host) ? refused : `${host} resolves to ${refused}` };
  }
  const [first] = addresses;
  const address = first.address.split("%")[0];
  return { ok: true, target: { url, address, family: isIP(address) === 6 ? 6 : 4, loopback: classifyAddress(address).kind === "loopback" } };
};
