// An endpoint's failure streak, after each attempt: a success ends it; a failure starts it or, once it has
// lasted long enough, warns the owner (email + the flag the portal shows) and then disables the endpoint
// (email again). The thresholds are in delivery-policy.ts; time is lib/core/clock.ts, so tests move it.
import { now } from "../core/clock.ts";
import type { DbContext } from "../core/context.ts";
import type { DbClient } from "../db/transaction.ts";
import { sendEmail } from "../email/send-email.ts";
import { healthThresholdsMs } from "./delivery-policy.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { ensurePrimaryEndpoint } from "./ensure-primary-endpoint.ts";
import { ownerEmails } from "./owner-emails.ts";
import type { Endpoint } from "./resolve-endpoint.ts";

export type HealthChange = "none" | "warned" | "disabled";

const hours = (ms: number) => `${Math.round(ms / 360_000) / 10} h`;

const notify = async (db: DbClient, owner: WebhookOwner, { url, subject, text }: { url: string; subject: string; text: string }) => {
  for (const to of await ownerEmails({ db }, { owner })) {
    try {
      await sendEmail({ to, subject, text: `${text}\n\nEndpoint: ${url}\nOwner: ${owner.type} ${owner.id}\n` }, { db });
    } catch (err) {
      // the flag on the endpoint stays set; a mail server that is down must not fail the delivery
      console.error(`webhooks: could not send the endpoint health email to ${to}:`, err);
    }
  }
};

/** Updates the endpoint's streak after an attempt; returns what changed (for tests and logs). */
export const recordEndpointHealth = async (
  { db }: DbContext,
  { owner, endpoint, ok }: { owner: WebhookOwner; endpoint: Endpoint; ok: boolean },
): Promise<HealthChange> => {
  if (ok) {
    if (endpoint.id)
      await db.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: { not: null } }, data: { failingSince: null, warnedAt: null } });
    return "none";
  }
  const at = now();
  const id = endpoint.id ?? (await ensurePrimaryEndpoint({ db }, { owner })).id;
  await db.webhookEndpoint.updateMany({ where: { id, failingSince: null }, data: { failingSince: at } });
  const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id } });
  if (!row.failingSince || row.disabledAt) return "none";
  const streak = at.getTime() - row.failingSince.getTime();
  const { warnMs, disableMs } = healthThresholdsMs();
  if (streak >= disableMs) {
    const reason = `Every attempt failed for ${hours(streak)} (since ${row.failingSince.toISOString()}).`;
    const { count } = await db.webhookEndpoint.updateMany({ where: { id, disabledAt: null }, data: { disabledAt: at, disabledReason: reason } });
    if (count === 0) return "none";
    await notify(db, owner, {
      url: endpoint.url,
      subject: "Your Coinop webhook endpoint was disabled",
      text: `${reason} The endpoint is now disabled: no more deliveries are attempted, and new events are kept as failed deliveries.\nFix the endpoint, enable it again in the developer portal (Webhooks), then use "Recover all failed since…" to send what it missed.`,
    });
    return "disabled";
  }
  if (streak >= warnMs && !row.warnedAt) {
    const { count } = await db.webhookEndpoint.updateMany({ where: { id, warnedAt: null }, data: { warnedAt: at } });
    if (count === 0) return "none";
    await notify(db, owner, {
      url: endpoint.url,
      subject: "Your Coinop webhook endpoint is failing",
      text: `Every attempt to your webhook endpoint has failed for ${hours(streak)} (since ${row.failingSince.toISOString()}). If it keeps failing until ${hours(disableMs)} after the first failure, it will be disabled.`,
    });
    return "warned";
  }
  return "none";
};
