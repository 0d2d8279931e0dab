// Enrolment, step one: the secret an operator's authenticator app takes (QR code and text). Made once and kept
// sealed in pendingTotpSecret until a first code confirms it (confirm-totp-enrolment.ts), so a reload shows
// the same secret. Nothing for an operator already enrolled.
import QRCode from "qrcode";
import type { DbContext } from "../core/context.ts";
import type { Operator } from "../db/generated/client.ts";
import { openTotpSecret, sealTotpSecret } from "./sealed-secret.ts";
import { newTotpSecret, totpUri } from "./totp.ts";

export type TotpEnrolment = { secret: string; uri: string; qrSvg: string };

export const startTotpEnrolment = async (ctx: DbContext, { operator }: { operator: Operator }): Promise<TotpEnrolment | null> => {
  if (operator.totpEnrolledAt) return null;
  let secret = openTotpSecret(operator.pendingTotpSecret, operator.id);
  if (!secret) {
    secret = newTotpSecret();
    // conditional: of two first visits at once, one secret wins and both pages show it
    await ctx.db.operator.updateMany({
      where: { id: operator.id, totpEnrolledAt: null, pendingTotpSecret: operator.pendingTotpSecret },
      data: { pendingTotpSecret: sealTotpSecret(secret, operator.id) },
    });
    const row = await ctx.db.operator.findUnique({ where: { id: operator.id } });
    secret = openTotpSecret(row?.pendingTotpSecret ?? null, operator.id);
    if (!secret || row?.totpEnrolledAt) return null;
  }
  const uri = totpUri(secret, operator.email);
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { secret, uri, qrSvg };
};
