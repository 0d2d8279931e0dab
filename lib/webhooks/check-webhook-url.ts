import { AppError } from "../core/errors.ts";
import type { LoopbackRule } from "./loopback-rule.ts";
import { resolveWebhookTarget, type LookupAll } from "./resolve-webhook-target.ts";

/** The loopback rule (loopbackRule in loopback-rule.ts: the operator's setting and the mode), and: */
export type CheckWebhookUrlOptions = LoopbackRule & {
  /** campaigns: https only */
  httpsOnly?: boolean;
  /** the field the 400 names */
  field?: string;
  lookup?: LookupAll;
};

/**
 * Refuses a webhook URL that is not http(s), or whose host is or resolves to an address no webhook may
 * reach (address-policy.ts): 400 INVALID_WEBHOOK_URL naming the field. A host name that does not resolve
 * (yet) is accepted: every delivery resolves and checks again before it connects.
 */
export const checkWebhookUrl = async (
  url: string,
  { httpsOnly = false, allowLoopback, loopbackRefusal, field = "url", lookup }: CheckWebhookUrlOptions,
): Promise<void> => {
  const refuse = (message: string) => new AppError("INVALID_WEBHOOK_URL", message, { details: [{ field, message }] });
  const result = await resolveWebhookTarget(url, { allowLoopback, loopbackRefusal, lookup });
  if (!result.ok && result.kind === "invalid") throw refuse(result.reason);
  if (!result.ok && result.kind === "refused") throw refuse(`The webhook URL is refused: ${result.reason}. Use a public address.`);
  if (httpsOnly && new URL(url).protocol !== "https:") throw refuse("A campaign webhook URL must use https.");
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const CHECK_WEBHOOK_URL_ERRORS = ["INVALID_WEBHOOK_URL"] as const satisfies readonly ErrorCode[];
