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
import { portalAction, type Bound } from "../_lib/answer";

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

const LabelForm = z.object({ label: textField(200, "The label is too long.") });
const newKey = (k: { prefix: string; rawKey: string }) => ({ heading: `Your new key (${k.prefix}…)`, value: k.rawKey });

/** A new server key of a game ({gameId}) or campaign key of a campaign ({campaignId}): one service for both kinds. */
export const createKeyAction = portalAction(
  LabelForm,
  (ctx, { label }, { businessId, gameId, campaignId }: Bound & KeyOwner) =>
    createGameKey(ctx, campaignId !== undefined ? { businessId, campaignId, label } : { businessId, gameId, label }),
  (k) => ({ notice: `Key “${k.label}” created.`, secret: newKey(k) }),
  { doing: "creating a key" },
);

export const labelKeyAction = portalAction(
  LabelForm,
  (ctx, { label }, { businessId, keyId }: OnKey) => labelGameKey(ctx, { businessId, keyId, label }),
  (k) => ({ notice: `Renamed to “${k.label}”.` }),
  { doing: "renaming a key" },
);

const RotateForm = z.object({ gracePeriodDays: textField(8, "Enter a number of days from 1 to 30.") });

export const rotateKeyAction = portalAction(
  RotateForm,
  (ctx, { gracePeriodDays }, { businessId, keyId }: OnKey) => rotateGameKey(ctx, { businessId, keyId, gracePeriodDays }),
  (k) => ({
    notice: `Key rotated. The old key works until ${k.oldKeyExpiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
    secret: newKey(k),
  }),
  { doing: "rotating a key" },
);

const RevokeForm = z.object({ confirm: textField(8, "Confirm the revocation.") });

export const revokeKeyAction = portalAction(
  RevokeForm,
  (ctx, _input, { businessId, keyId }: OnKey) => revokeGameKey(ctx, { businessId, keyId }),
  () => ({ notice: "Key revoked. Requests with it now get 401." }),
  { doing: "revoking a key" },
);
