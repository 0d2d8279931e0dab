"use server";
// The webhooks pages' server actions: each is one portalAction calling one lib/portal/*webhook* service,
// which checks webhooks:write on the server before anything else and records the audit entry. The business,
// the owner (a game, or a platform the business registered: platforms/[platformId]/webhooks), the endpoint or
// the delivery are bound by the page. Their messages are the member's language (messages/<locale>/portal-access.json,
// `webhooks.action`): each action is built per call with the member's translator (`localized`).
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
import type { PortalFormState } from "@/components/portal/portal-form";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { portalAction, type Bound } from "../../_lib/answer";
import { getPortalLocale } from "../../_lib/portal-locale";

/** whose endpoints: a game (`gameId`) or a platform of the business (`platformId`) */
type OnGame = Bound & ({ gameId: string; platformId?: undefined } | { platformId: string; gameId?: undefined });
type OnEndpoint = OnGame & { endpointId: string };
const ownerOf = ({ businessId, gameId, platformId }: OnGame) => ({ businessId, gameId, platformId });

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
const eventsOf = (t: Translator, eventTypes: string[]) => (eventTypes.length ? eventTypes.join(", ") : t("webhooks.action.everyEvent"));

/** The action `build` makes with the signed-in member's translator, made anew for each call. */
const localized =
  <B>(build: (t: Translator) => (bound: B, prev: PortalFormState, form: FormData) => Promise<PortalFormState>) =>
  async (bound: B, prev: PortalFormState, form: FormData): Promise<PortalFormState> =>
    build(getTranslator(await getPortalLocale(), "portal-access"))(bound, prev, form);
const webhooksPage = ({ businessId, platformId }: OnGame) => ({
  path: platformId === undefined ? `/portal/${businessId}/webhooks` : `/portal/${businessId}/platforms/${platformId}/webhooks`,
});
const webhooks = (doing: string) => ({ doing, refresh: webhooksPage });

const endpointForm = (t: Translator) =>
  z.object({
    url: textField(2000, t("webhooks.action.urlTooLong"), { trim: true }),
    eventTypes: textField(5000, t("webhooks.action.eventsTooLong")),
    description: textField(200, t("webhooks.action.descriptionTooLong")),
  });
const Empty = z.object({});

export const createEndpointAction = localized((t) =>
  portalAction(
    endpointForm(t),
    (ctx, input, bound: OnGame) => createPortalWebhookEndpoint(ctx, { ...ownerOf(bound), ...input }),
    (e) => ({
      notice: t("webhooks.action.added", { url: e.url ?? "", events: eventsOf(t, e.eventTypes) }),
      secret: { heading: t("webhooks.action.itsSecret"), value: e.secret, note: t("webhooks.action.secretNote") },
    }),
    webhooks("adding a webhook endpoint"),
  ),
);

export const updateEndpointAction = localized((t) =>
  portalAction(
    endpointForm(t),
    (ctx, { url, eventTypes, description }, bound: OnEndpoint) =>
      updatePortalWebhookEndpoint(ctx, { ...ownerOf(bound), endpointId: bound.endpointId, url: url || undefined, eventTypes, description }),
    (e) => ({ notice: t("webhooks.action.saved", { events: eventsOf(t, e.eventTypes) }) }),
    webhooks("saving a webhook endpoint"),
  ),
);

export const setEndpointEnabledAction = localized((t) =>
  portalAction(
    z.object({ enabled: textField(5, t("webhooks.action.chooseEnable")) }),
    (ctx, { enabled }, bound: OnEndpoint) => updatePortalWebhookEndpoint(ctx, { ...ownerOf(bound), endpointId: bound.endpointId, enabled: enabled === "yes" }),
    (e) => ({
      notice: t(e.enabled ? "webhooks.action.enabled" : "webhooks.action.disabled"),
    }),
    webhooks("enabling a webhook endpoint"),
  ),
);

export const deleteEndpointAction = localized((t) =>
  portalAction(
    Empty,
    (ctx, _input, bound: OnEndpoint) => deletePortalWebhookEndpoint(ctx, { ...ownerOf(bound), endpointId: bound.endpointId }),
    (r) => ({ notice: t(r.primary ? "webhooks.action.urlRemoved" : "webhooks.action.deleted") }),
    webhooks("deleting a webhook endpoint"),
  ),
);

export const revealSecretAction = localized((t) =>
  portalAction(
    Empty,
    (ctx, _input, bound: OnEndpoint) => revealPortalWebhookSecret(ctx, { ...ownerOf(bound), endpointId: bound.endpointId }),
    (r) => ({
      notice: t("webhooks.action.revealed"),
      secret: { heading: t("webhooks.action.signingSecret"), value: r.secret, note: t("webhooks.action.secretNote") },
    }),
    { doing: "revealing a webhook secret", refresh: null },
  ),
);

export const rotateSecretAction = localized((t) =>
  portalAction(
    Empty,
    (ctx, _input, bound: OnEndpoint) => rotatePortalWebhookSecret(ctx, { ...ownerOf(bound), endpointId: bound.endpointId }),
    (r) => ({
      notice: t("webhooks.action.rotated", { until: utc(r.previousSecretUntil) }),
      secret: { heading: t("webhooks.action.newSecret"), value: r.secret, note: t("webhooks.action.secretNote") },
    }),
    webhooks("rotating a webhook secret"),
  ),
);

export const sendTestAction = localized((t) =>
  portalAction(
    Empty,
    (ctx, _input, bound: OnEndpoint) => sendPortalWebhookTest(ctx, { ...ownerOf(bound), endpointId: bound.endpointId }),
    (r) => ({ notice: t("webhooks.action.testSent", { eventId: r.eventId }) }),
    webhooks("sending a test event"),
  ),
);

export const resendDeliveryAction = localized((t) =>
  portalAction(
    Empty,
    (ctx, _input, bound: OnGame & { deliveryId: string }) => resendPortalWebhookDelivery(ctx, { ...ownerOf(bound), deliveryId: bound.deliveryId }),
    (r) => ({ notice: t("webhooks.action.resent", { eventId: r.eventId }) }),
    webhooks("resending a delivery"),
  ),
);

export const recoverAction = localized((t) =>
  portalAction(
    z.object({ since: textField(40, t("webhooks.action.enterDate"), { trim: true }) }),
    // a datetime-local value has no zone: the page says UTC
    (ctx, { since }, bound: OnEndpoint) =>
      recoverPortalWebhookDeliveries(ctx, {
        ...ownerOf(bound),
        endpointId: bound.endpointId,
        since: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(since) ? `${since}Z` : since,
      }),
    (r) => ({
      notice: r.recovered === 0 ? t("webhooks.action.noneToRecover") : t("webhooks.action.recovered", { count: r.recovered, more: r.more ? "yes" : "no" }),
    }),
    webhooks("recovering failed deliveries"),
  ),
);
