import type { Game as GameRow } from "../db/generated/client.ts";
import type { Game } from "./schemas.ts";

/** The columns the answer shows (the row's secret and theme are not among them). */
export type SerializableGame = Omit<GameRow, "businessId" | "webhookUrl" | "webhookSecret" | "checkoutTheme">;

export const serializeGame = (g: SerializableGame): Game => ({
  gameId: g.id,
  name: g.name,
  description: g.description,
  imageUrl: g.imageUrl,
  smallImageUrl: g.smallImageUrl,
  storeImageUrl: g.storeImageUrl,
  demoUrl: g.demoUrl,
  demoImageUrl: g.demoImageUrl,
  discordUrl: g.discordUrl,
  steamAppId: g.steamAppId,
  screenshots: g.screenshots,
  movies: g.movies,
  hideSuccessPageShareButtons: g.hideSuccessPageShareButtons,
  storeUrl: g.storeUrl,
  termsUrl: g.termsUrl,
  supportUrl: g.supportUrl,
  taxLabel: g.taxLabel,
  taxRatePercent: g.taxRateBps === null ? null : g.taxRateBps / 100,
  refundClawback: g.refundClawback,
  status: g.status,
  environment: g.environment,
  affiliateRate: g.affiliateRate,
  isVisible: g.isVisible,
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
});
