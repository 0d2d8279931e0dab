// The one rule for loopback webhook receivers (127.0.0.0/8, ::1, localhost, however written): a developer's own
// machine only. Allowed only when the operator allows it (WEBHOOK_ALLOW_LOOPBACK: on by default in development
// and tests, off under `npm start`), and then only for test mode. Every path that sets a webhook URL (the owner's
// endpoint, extra endpoints, the portal, platform campaigns, the seed) and every delivery attempt asks here.
import { webhookAllowLoopback } from "../config/settings.ts";

export type LoopbackRule = {
  /** loopback receivers are allowed */
  allowLoopback: boolean;
  /** when they are not: why, after "<address> is a loopback address, " */
  loopbackRefusal?: string;
};

/** Why loopback is refused where the operator's setting refuses it. */
export const LOOPBACK_OFF = "not allowed on this server";
/** Why loopback is refused for live mode where the setting allows it. */
export const LOOPBACK_TEST_ONLY = "allowed in test mode only";

/**
 * The loopback rule for `mode`: a game's or campaign's environment, an event's environment at delivery, or
 * "any" for a platform's URL when it is set (a platform has no mode of its own and receives both; each live
 * delivery refuses loopback then).
 */
export const loopbackRule = (mode: "test" | "live" | "any"): LoopbackRule => {
  if (!webhookAllowLoopback()) return { allowLoopback: false, loopbackRefusal: LOOPBACK_OFF };
  if (mode === "live") return { allowLoopback: false, loopbackRefusal: LOOPBACK_TEST_ONLY };
  return { allowLoopback: true };
};
