"use server";
// The webhooks pages' server actions: each is one portalAction calling one lib/portal/*webhook* service,
// which checks webhooks:write on the server before anything else and records the audit entry. The business,
// the owner (a game, or a platform the business registered: platforms/[platformId]/webhooks), the endpoint or
// the delivery are bound by the page.
import { z } from "zod";
import { textField } from "@/lib/hosted/action";
import { createPortalWebhookEndpoint } from "@/lib/portal/create-portal-webhook-endpoint";
import { deletePortalWebhookEndpoint } from "@/lib/portal/delete-portal-webhook-endpoint";
import { recoverPortalWebhookDeliveries } from "@/lib/portal/recover-portal-webhook-deliveries";
import { resendPortalWebhookDelivery } from "@/lib/portal/resend-portal-webhook-delivery";
import { revealPortalWebhookSecret } from "@/lib/portal/reveal-portal-webhook-secret";
import { rotatePortalWebhookSecret } from "@/lib/portal/rotate-portal-webhook-secret";
import { sendPortalWebhookTest } from "@/lib/portal/send-portal-webhook-test";
import { updatePortalWebhookEndpoint } from "@/lib/portal/update-portal-webhook-endpoint";
import { portalAction, type Bound } from "../../_lib/answer";

/** whose endpoints: a game (`gameId`) or a platform of the business (`platformId`) */
type OnGame = Bound & ({ gameId: string; platformId?: undefined } | { platformId: string; gameId?: undefined });
type OnEndpoint = OnGame & { endpointId: string };
const ownerOf = ({ businessId, gameId, platformId }: OnGame) => ({ businessId, gameId, platformId });

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
const SECRET_NOTE = "It signs every delivery to this endpoint (x-service-signature). Keep it on your server only.";
const eventsOf = (eventTypes: string[]) => (eventTypes.length ? eventTypes.join(", ") : "every event");
const webhooksPage = ({ businessId, platformId }: OnGame) => ({
  path: platformId === undefined ? `/portal/${businessId}/webhooks` : `/portal/${businessId}/platforms/${platformId}/webhooks`,
});
const webhooks = (doing: string) => ({ doing, refresh: webhooksPage });

const EndpointForm = z.object({
  url: textField(2000, "The URL is too long.", { trim: true }),
  eventTypes: textField(5000, "The event filter is too long."),
  description: textField(200, "The description is too long."),
});
const Empty = z.object({});

export const createEndpointAction = portalAction(
  EndpointForm,
  (ctx, input, bound: OnGame) => createPortalWebhookEndpoint(ctx, { ...ownerOf(bound), ...input }),
  (e) => ({ notice: `Endpoint added: ${e.url} (${eventsOf(e.eventTypes)}).`, secret: { heading: "Its signing secret", value: e.secret, note: SECRET_NOTE } }),
  webhooks("adding a webhook endpoint"),
);

export const updateEndpointAction = portalAction(
  EndpointForm,
  (ctx, { url, eventTypes, description }, bound: OnEndpoint) =>
    updatePortalWebhookEndpoint(ctx, { ...ownerOf(bound), endpointId: bound.endpointId, url: url || undefined, eventTypes, description }),
  (e) => ({ notice: `Saved. It receives ${eventsOf(e.eventTypes)}.` }),
  webhooks("saving a webhook endpoint"),
);

const EnableForm = z.object({ enabled: textField(5, "Choose enable or disable.") });

export const setEndpointEnabledAction = portalAction(
  EnableForm,
  (ctx, { enabled }, bound: OnEndpoint) => updatePortalWebhookEndpoint(ctx, { ...ownerOf(bound), endpointId: bound.endpointId, enabled: enabled === "yes" }),
  (e) => ({
    notice: e.enabled ? "Enabled. Use “Recover failed deliveries” to send what it missed." : "Disabled: no deliveries are attempted until you enable it.",
  }),
  webhooks("enabling a webhook endpoint"),
);

export const deleteEndpointAction = portalAction(
  Empty,
  (ctx, _input, bound: OnEndpoint) => deletePortalWebhookEndpoint(ctx, { ...ownerOf(bound), endpointId: bound.endpointId }),
  (r) => ({ notice: r.primary ? "The game's webhook URL was removed." : "Endpoint deleted." }),
  webhooks("deleting a webhook endpoint"),
);

export const revealSecretAction = portalAction(
  Empty,
  (ctx, _input, bound: OnEndpoint) => revealPortalWebhookSecret(ctx, { ...ownerOf(bound), endpointId: bound.endpointId }),
  (r) => ({ notice: "Shown to you and recorded in the audit log.", secret: { heading: "Signing secret", value: r.secret, note: SECRET_NOTE } }),
  { doing: "revealing a webhook secret", refresh: null },
);

export const rotateSecretAction = portalAction(
  Empty,
  (ctx, _input, bound: OnEndpoint) => rotatePortalWebhookSecret(ctx, { ...ownerOf(bound), endpointId: bound.endpointId }),
  (r) => ({
    notice: `Rotated. The old secret keeps signing (x-service-signature-previous) until ${utc(r.previousSecretUntil)}.`,
    secret: { heading: "New signing secret", value: r.secret, note: SECRET_NOTE },
  }),
  webhooks("rotating a webhook secret"),
);

export const sendTestAction = portalAction(
  Empty,
  (ctx, _input, bound: OnEndpoint) => sendPortalWebhookTest(ctx, { ...ownerOf(bound), endpointId: bound.endpointId }),
  (r) => ({ notice: `Test event sent (event ${r.eventId}). It shows in the delivery log below within seconds.` }),
  webhooks("sending a test event"),
);

export const resendDeliveryAction = portalAction(
  Empty,
  (ctx, _input, bound: OnGame & { deliveryId: string }) => resendPortalWebhookDelivery(ctx, { ...ownerOf(bound), deliveryId: bound.deliveryId }),
  (r) => ({ notice: `Resent as a new delivery of event ${r.eventId}.` }),
  webhooks("resending a delivery"),
);

const RecoverForm = z.object({ since: textField(40, "Enter a date and time.", { trim: true }) });

export const recoverAction = portalAction(
  RecoverForm,
  // a datetime-local value has no zone: the page says UTC
  (ctx, { since }, bound: OnEndpoint) =>
    recoverPortalWebhookDeliveries(ctx, {
      ...ownerOf(bound),
      endpointId: bound.endpointId,
      since: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(since) ? `${since}Z` : since,
    }),
  (r) => ({
    notice:
      r.recovered === 0
        ? "No failed deliveries to recover since then."
        : `${r.recovered} failed ${r.recovered === 1 ? "delivery" : "deliveries"} sent again${r.more ? "; there are more: recover again" : ""}.`,
  }),
  webhooks("recovering failed deliveries"),
);
