"use server";
// The portal's server actions. Each runs through the hosted action kernel (form parsed with capped fields,
// the signed-in player resolved, AppError → form error) and calls one lib/portal service, which checks the
// member's role on the server before anything else. The business (and the game or key) are bound by the page.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { createGameKey } from "@/lib/portal/create-game-key";
import { createPortalGame } from "@/lib/portal/create-portal-game";
import { labelGameKey } from "@/lib/portal/label-game-key";
import { revokeGameKey } from "@/lib/portal/revoke-game-key";
import { rotateGameKey } from "@/lib/portal/rotate-game-key";
import { updatePortalGame } from "@/lib/portal/update-portal-game";
import { answerOf } from "../_lib/answer";

const unexpected = (what: string) => ({ log: `[portal] ${what} failed:`, message: "Something went wrong on our side. Please try again." });
const refresh = (businessId: string) => revalidatePath(`/portal/${businessId}`, "layout");

const NewGameForm = z.object({
  name: textField(200, "The name is too long."),
  description: textField(2000, "The description is too long."),
  environment: textField(8, "Choose test or live."),
});

export const createGameAction = async (businessId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: NewGameForm,
    form,
    run: ({ db, player, input }) => createPortalGame({ db, player }, { businessId, ...input }),
    unexpected: unexpected("creating a game"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (g) => ({ notice: `Game “${g.name}” created in ${g.environment}.` }));
};

const SettingsForm = z.object({
  storeUrl: textField(2100, "The store URL is too long."),
  termsUrl: textField(2100, "The terms URL is too long."),
  supportUrl: textField(2100, "The support URL is too long."),
  taxLabel: textField(100, "The tax label is too long."),
  taxRatePercent: textField(20, "The tax rate is too long."),
});

export const updateGameAction = async (businessId: string, gameId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: SettingsForm,
    form,
    run: ({ db, player, input }) => updatePortalGame({ db, player }, { businessId, gameId, ...input }),
    unexpected: unexpected("saving game settings"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, () => ({ notice: "Settings saved." }));
};

const LabelForm = z.object({ label: textField(200, "The label is too long.") });

export const createKeyAction = async (businessId: string, gameId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: LabelForm,
    form,
    run: ({ db, player, input }) => createGameKey({ db, player }, { businessId, gameId, label: input.label }),
    unexpected: unexpected("creating a key"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (k) => ({ notice: `Key “${k.label}” created.`, secret: { heading: `Your new key (${k.prefix}…)`, value: k.rawKey } }));
};

export const labelKeyAction = async (businessId: string, keyId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: LabelForm,
    form,
    run: ({ db, player, input }) => labelGameKey({ db, player }, { businessId, keyId, label: input.label }),
    unexpected: unexpected("renaming a key"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (k) => ({ notice: `Renamed to “${k.label}”.` }));
};

const RotateForm = z.object({ gracePeriodDays: textField(8, "Enter a number of days from 1 to 30.") });

export const rotateKeyAction = async (businessId: string, keyId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: RotateForm,
    form,
    run: ({ db, player, input }) => rotateGameKey({ db, player }, { businessId, keyId, gracePeriodDays: input.gracePeriodDays }),
    unexpected: unexpected("rotating a key"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (k) => ({
    notice: `Key rotated. The old key works until ${k.oldKeyExpiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
    secret: { heading: `Your new key (${k.prefix}…)`, value: k.rawKey },
  }));
};

const RevokeForm = z.object({ confirm: textField(8, "Confirm the revocation.") });

export const revokeKeyAction = async (businessId: string, keyId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: RevokeForm,
    form,
    run: ({ db, player }) => revokeGameKey({ db, player }, { businessId, keyId }),
    unexpected: unexpected("revoking a key"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, () => ({ notice: "Key revoked. Requests with it now get 401." }));
};
