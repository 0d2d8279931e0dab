"use server";
// The platform console's server actions: each is one portalAction calling one lib/portal command (which checks
// platforms:write and that the business registered the platform, on the server, before anything else, and
// records the audit entry). The business, the platform and the key are bound by the page; the environment of
// a new key or scope request is a field of its form. A raw key is in the answer this once, never in the
// audit log or the page afterwards. (The platform's webhook endpoints use the webhooks page's actions.)
import { redirect } from "next/navigation";
import { z } from "zod";
import { textField } from "@/lib/hosted/action";
import { createPortalPlatformKey } from "@/lib/portal/create-portal-platform-key";
import { registerPortalPlatform } from "@/lib/portal/register-portal-platform";
import { requestPortalPlatformScopes } from "@/lib/portal/request-portal-platform-scopes";
import { revokePortalPlatformKey } from "@/lib/portal/revoke-portal-platform-key";
import { rotatePortalPlatformKey } from "@/lib/portal/rotate-portal-platform-key";
import type { PortalFormState } from "@/components/portal/portal-form";
import { getTranslator } from "@/lib/i18n/translator";
import { ALL_SCOPES } from "@/lib/platform/scopes";
import { portalAction, type Bound } from "../../_lib/answer";
import { getPortalLocale } from "../../_lib/portal-locale";

type OnPlatform = Bound & { platformId: string };
type OnKey = OnPlatform & { keyId: string };

const platformPage = ({ businessId, platformId }: OnPlatform) => ({ path: `/portal/${businessId}/platforms/${platformId}` });
/**
 * The ticked scopes (checkboxes named "scopes", one value each), at most one more than there are scopes and
 * each cut to 100 characters: the command's schema refuses a name that is not a scope, and its service one
 * the platform is not approved for (a forged form gets the same answers as the API).
 */
const scopesOf = (form: FormData) =>
  form
    .getAll("scopes")
    .slice(0, ALL_SCOPES.length + 1)
    .map((v) => (typeof v === "string" ? v.slice(0, 100) : ""));

const RegisterForm = z.object({
  name: textField(200, "The name is too long."),
  description: textField(1000, "The description is too long."),
});

export const registerPlatformAction = portalAction(
  RegisterForm,
  (ctx, input, { businessId }: Bound) => registerPortalPlatform(ctx, { businessId, ...input }),
  (p) => ({ notice: `Platform “${p.name}” registered.` }),
  { doing: "registering a platform", then: (p, { businessId }) => redirect(`/portal/${businessId}/platforms/${p.platformId}`) },
);

// The platform page's key and scope actions answer in the member's language (messages/<locale>/portal-logs.json,
// `platform.action`); a service's refusal keeps its own words.
const words = async () => getTranslator(await getPortalLocale(), "portal-logs");

export const createPlatformKeyAction = async (bound: OnPlatform, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const t = await words();
  return portalAction(
    z.object({ label: textField(200, t("platform.action.labelTooLong")), environment: textField(8, t("platform.action.chooseEnv")) }),
    (ctx, { label, environment }, { businessId, platformId }: OnPlatform, form) =>
      createPortalPlatformKey(ctx, { businessId, platformId, environment, label, scopes: scopesOf(form) }),
    (k) => ({
      notice: t("platform.action.created", { label: k.label, environment: k.environment, count: k.requestedScopes.length }),
      secret: { heading: t("platform.action.newKey", { prefix: k.prefix }), value: k.rawKey },
    }),
    { doing: "creating a platform key", refresh: platformPage },
  )(bound, prev, form);
};

export const rotatePlatformKeyAction = async (bound: OnKey, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const t = await words();
  return portalAction(
    z.object({ gracePeriodDays: textField(8, t("platform.action.graceDays")) }),
    (ctx, { gracePeriodDays }, { businessId, platformId, keyId }: OnKey) => rotatePortalPlatformKey(ctx, { businessId, platformId, keyId, gracePeriodDays }),
    (k) => ({
      notice: t("platform.action.rotated", { days: k.gracePeriodDays }),
      secret: { heading: t("platform.action.newKey", { prefix: k.prefix }), value: k.rawKey },
    }),
    { doing: "rotating a platform key", refresh: platformPage },
  )(bound, prev, form);
};

export const revokePlatformKeyAction = async (bound: OnKey, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const t = await words();
  return portalAction(
    z.object({ confirm: textField(10, t("platform.action.confirm")) }),
    (ctx, { confirm }, { businessId, platformId, keyId }: OnKey) => revokePortalPlatformKey(ctx, { businessId, platformId, keyId, confirm }),
    () => ({ notice: t("platform.action.revoked") }),
    { doing: "revoking a platform key", refresh: platformPage },
  )(bound, prev, form);
};

export const requestPlatformScopesAction = async (bound: OnPlatform, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const t = await words();
  return portalAction(
    z.object({ environment: textField(8, t("platform.action.chooseEnv")) }),
    (ctx, { environment }, { businessId, platformId }: OnPlatform, form) =>
      requestPortalPlatformScopes(ctx, { businessId, platformId, environment, scopes: scopesOf(form) }),
    (r) => ({
      notice:
        r.status === "approved"
          ? t("platform.action.approved", { scopes: r.requestedScopes.join(", "), environment: r.environment })
          : t("platform.action.requested", { scopes: r.requestedScopes.join(", ") }),
    }),
    { doing: "requesting platform scopes", refresh: platformPage },
  )(bound, prev, form);
};
