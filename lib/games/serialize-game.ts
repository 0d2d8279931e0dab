import type { Game as GameRow } from "../db/generated/client.ts";
import type { Game } from "./schemas.ts";

export const serializeGame = (g: GameRow): Game => ({
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
  status: g.status,
  environment: g.environment,
  affiliateRate: g.affiliateRate,
  isVisible: g.isVisible,
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
});
