"use server";
// The webhooks page's server actions: each runs through the hosted action kernel and calls one
// lib/portal/*webhook* service, which checks webhooks:write on the server before anything else and
// records the audit entry. The business, game, endpoint or delivery are bound by the page.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { createPortalWebhookEndpoint } from "@/lib/portal/create-portal-webhook-endpoint";
import { deletePortalWebhookEndpoint } from "@/lib/portal/delete-portal-webhook-endpoint";
import { recoverPortalWebhookDeliveries } from "@/lib/portal/recover-portal-webhook-deliveries";
import { resendPortalWebhookDelivery } from "@/lib/portal/resend-portal-webhook-delivery";
import { revealPortalWebhookSecret } from "@/lib/portal/reveal-portal-webhook-secret";
import { rotatePortalWebhookSecret } from "@/lib/portal/rotate-portal-webhook-secret";
import { sendPortalWebhookTest } from "@/lib/portal/send-portal-webhook-test";
import { updatePortalWebhookEndpoint } from "@/lib/portal/update-portal-webhook-endpoint";
import { answerOf } from "../../_lib/answer";

const unexpected = (what: string) => ({ log: `[portal] ${what} failed:`, message: "Something went wrong on our side. Please try again." });
const refresh = (businessId: string) => revalidatePath(`/portal/${businessId}/webhooks`);
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
const SECRET_NOTE = "It signs every delivery to this endpoint (x-service-signature). Keep it on your server only.";

const EndpointForm = z.object({
  url: textField(2000, "The URL is too long.", { trim: true }),
  eventTypes: textField(5000, "The event filter is too long."),
  description: textField(200, "The description is too long."),
});

type Bound = { businessId: string; gameId: string };

export const createEndpointAction = async ({ businessId, gameId }: Bound, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: EndpointForm,
    form,
    run: ({ db, player, input }) => createPortalWebhookEndpoint({ db, player }, { businessId, gameId, ...input }),
    unexpected: unexpected("adding a webhook endpoint"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (e) => ({
    notice: `Endpoint added: ${e.url} (${e.eventTypes.length ? e.eventTypes.join(", ") : "every event"}).`,
    secret: { heading: "Its signing secret", value: e.secret, note: SECRET_NOTE },
  }));
};

const EditForm = EndpointForm.extend({ url: textField(2000, "The URL is too long.", { trim: true }) });

export const updateEndpointAction = async (
  { businessId, gameId, endpointId }: Bound & { endpointId: string },
  prev: PortalFormState,
  form: FormData,
): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: EditForm,
    form,
    run: ({ db, player, input }) =>
      updatePortalWebhookEndpoint(
        { db, player },
        { businessId, gameId, endpointId, url: input.url || undefined, eventTypes: input.eventTypes, description: input.description },
      ),
    unexpected: unexpected("saving a webhook endpoint"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (e) => ({ notice: `Saved. It receives ${e.eventTypes.length ? e.eventTypes.join(", ") : "every event"}.` }));
};

const EnableForm = z.object({ enabled: textField(5, "Choose enable or disable.") });

export const setEndpointEnabledAction = async (
  { businessId, gameId, endpointId }: Bound & { endpointId: string },
  prev: PortalFormState,
  form: FormData,
): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: EnableForm,
    form,
    run: ({ db, player, input }) => updatePortalWebhookEndpoint({ db, player }, { businessId, gameId, endpointId, enabled: input.enabled === "yes" }),
    unexpected: unexpected("enabling a webhook endpoint"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (e) => ({
    notice: e.enabled ? "Enabled. Use “Recover failed deliveries” to send what it missed." : "Disabled: no deliveries are attempted until you enable it.",
  }));
};

const Empty = z.object({});

export const deleteEndpointAction = async (
  { businessId, gameId, endpointId }: Bound & { endpointId: string },
  prev: PortalFormState,
  form: FormData,
): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: Empty,
    form,
    run: ({ db, player }) => deletePortalWebhookEndpoint({ db, player }, { businessId, gameId, endpointId }),
    unexpected: unexpected("deleting a webhook endpoint"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (r) => ({ notice: r.primary ? "The game's webhook URL was removed." : "Endpoint deleted." }));
};

export const revealSecretAction = async (
  { businessId, gameId, endpointId }: Bound & { endpointId: string },
  prev: PortalFormState,
  form: FormData,
): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: Empty,
    form,
    run: ({ db, player }) => revealPortalWebhookSecret({ db, player }, { businessId, gameId, endpointId }),
    unexpected: unexpected("revealing a webhook secret"),
  });
  return answerOf(out, prev, (r) => ({
    notice: "Shown to you and recorded in the audit log.",
    secret: { heading: "Signing secret", value: r.secret, note: SECRET_NOTE },
  }));
};

export const rotateSecretAction = async (
  { businessId, gameId, endpointId }: Bound & { endpointId: string },
  prev: PortalFormState,
  form: FormData,
): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: Empty,
    form,
    run: ({ db, player }) => rotatePortalWebhookSecret({ db, player }, { businessId, gameId, endpointId }),
    unexpected: unexpected("rotating a webhook secret"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (r) => ({
    notice: `Rotated. The old secret keeps signing (x-service-signature-previous) until ${utc(r.previousSecretUntil)}.`,
    secret: { heading: "New signing secret", value: r.secret, note: SECRET_NOTE },
  }));
};

export const sendTestAction = async (
  { businessId, gameId, endpointId }: Bound & { endpointId: string },
  prev: PortalFormState,
  form: FormData,
): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: Empty,
    form,
    run: ({ db, player }) => sendPortalWebhookTest({ db, player }, { businessId, gameId, endpointId }),
    unexpected: unexpected("sending a test event"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (r) => ({ notice: `Test event sent (event ${r.eventId}). Reload the delivery log to see it arrive.` }));
};

export const resendDeliveryAction = async (
  { businessId, gameId, deliveryId }: Bound & { deliveryId: string },
  prev: PortalFormState,
  form: FormData,
): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: Empty,
    form,
    run: ({ db, player }) => resendPortalWebhookDelivery({ db, player }, { businessId, gameId, deliveryId }),
    unexpected: unexpected("resending a delivery"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (r) => ({ notice: `Resent as a new delivery of event ${r.eventId}.` }));
};

const RecoverForm = z.object({ since: textField(40, "Enter a date and time.", { trim: true }) });

export const recoverAction = async (
  { businessId, gameId, endpointId }: Bound & { endpointId: string },
  prev: PortalFormState,
  form: FormData,
): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: RecoverForm,
    form,
    // a datetime-local value has no zone: the page says UTC
    run: ({ db, player, input }) =>
      recoverPortalWebhookDeliveries(
        { db, player },
        { businessId, gameId, endpointId, since: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(input.since) ? `${input.since}Z` : input.since },
      ),
    unexpected: unexpected("recovering failed deliveries"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (r) => ({
    notice:
      r.recovered === 0
        ? "No failed deliveries to recover since then."
        : `${r.recovered} failed ${r.recovered === 1 ? "delivery" : "deliveries"} sent again${r.more ? "; there are more: recover again" : ""}.`,
  }));
};
