"use server";
// The portal's server actions for games and keys. Each is one portalAction (app/portal/_lib/answer.ts): the
// form parsed with capped fields, the signed-in player resolved, one lib/portal service called (it checks the
// member's role on the server before anything else), AppError → form error. The business (and the game or
// key) are bound by the page.
import { z } from "zod";
import { textField } from "@/lib/hosted/action";
import { createGameKey, type KeyOwner } from "@/lib/portal/create-game-key";
import { createPortalGame } from "@/lib/portal/create-portal-game";
import { labelGameKey } from "@/lib/portal/label-game-key";
import { revokeGameKey } from "@/lib/portal/revoke-game-key";
import { rotateGameKey } from "@/lib/portal/rotate-game-key";
import { updatePortalGame } from "@/lib/portal/update-portal-game";
import type { PortalFormState } from "@/components/portal/portal-form";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { portalAction, type Bound } from "../_lib/answer";
import { getPortalLocale } from "../_lib/portal-locale";

type OnGame = Bound & { gameId: string };
type OnKey = Bound & { keyId: string };

const NewGameForm = z.object({
  name: textField(200, "The name is too long."),
  description: textField(2000, "The description is too long."),
  environment: textField(8, "Choose test or live."),
});

export const createGameAction = portalAction(
  NewGameForm,
  (ctx, input, { businessId }: Bound) => createPortalGame(ctx, { businessId, ...input }),
  (g) => ({ notice: `Game “${g.name}” created in ${g.environment}.` }),
  { doing: "creating a game" },
);

const SettingsForm = z.object({
  storeUrl: textField(2100, "The store URL is too long."),
  termsUrl: textField(2100, "The terms URL is too long."),
  supportUrl: textField(2100, "The support URL is too long."),
  taxLabel: textField(100, "The tax label is too long."),
  taxRatePercent: textField(20, "The tax rate is too long."),
});

export const updateGameAction = portalAction(
  SettingsForm,
  (ctx, input, { businessId, gameId }: OnGame) => updatePortalGame(ctx, { businessId, gameId, ...input }),
  () => ({ notice: "Settings saved." }),
  { doing: "saving game settings" },
);

// The key actions answer in the member's language (messages/<locale>/portal-access.json, `keys.action`).
const keysTranslator = async () => getTranslator(await getPortalLocale(), "portal-access");
const newKey = (t: Translator, k: { prefix: string; rawKey: string }) => ({ heading: t("keys.action.newKey", { prefix: k.prefix }), value: k.rawKey });
const labelForm = (t: Translator) => z.object({ label: textField(200, t("keys.action.labelTooLong")) });

/** A new server key of a game ({gameId}) or campaign key of a campaign ({campaignId}): one service for both kinds. */
export const createKeyAction = async (bound: Bound & KeyOwner, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const t = await keysTranslator();
  return portalAction(
    labelForm(t),
    (ctx, { label }, { businessId, gameId, campaignId }: Bound & KeyOwner) =>
      createGameKey(ctx, campaignId !== undefined ? { businessId, campaignId, label } : { businessId, gameId, label }),
    (k) => ({ notice: t("keys.action.created", { label: k.label }), secret: newKey(t, k) }),
    { doing: "creating a key" },
  )(bound, prev, form);
};

export const labelKeyAction = async (bound: OnKey, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const t = await keysTranslator();
  return portalAction(
    labelForm(t),
    (ctx, { label }, { businessId, keyId }: OnKey) => labelGameKey(ctx, { businessId, keyId, label }),
    (k) => ({ notice: t("keys.action.renamed", { label: k.label }) }),
    { doing: "renaming a key" },
  )(bound, prev, form);
};

export const rotateKeyAction = async (bound: OnKey, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const t = await keysTranslator();
  return portalAction(
    z.object({ gracePeriodDays: textField(8, t("keys.action.graceDays")) }),
    (ctx, { gracePeriodDays }, { businessId, keyId }: OnKey) => rotateGameKey(ctx, { businessId, keyId, gracePeriodDays }),
    (k) => ({
      notice: t("keys.action.rotated", { until: `${k.oldKeyExpiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC` }),
      secret: newKey(t, k),
    }),
    { doing: "rotating a key" },
  )(bound, prev, form);
};

export const revokeKeyAction = async (bound: OnKey, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const t = await keysTranslator();
  return portalAction(
    z.object({ confirm: textField(8, t("keys.action.confirm")) }),
    (ctx, _input, { businessId, keyId }: OnKey) => revokeGameKey(ctx, { businessId, keyId }),
    () => ({ notice: t("keys.action.revoked") }),
    { doing: "revoking a key" },
  )(bound, prev, form);
};
