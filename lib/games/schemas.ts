import { z } from "zod";

export const Game = z.object({
  gameId: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  smallImageUrl: z.string(),
  storeImageUrl: z.string(),
  demoUrl: z.string(),
  demoImageUrl: z.string(),
  discordUrl: z.string(),
  steamAppId: z.string(),
  screenshots: z.array(z.string()),
  movies: z.array(z.string()),
  hideSuccessPageShareButtons: z.boolean(),
  status: z.string(),
  environment: z.enum(["test", "live"]),
  affiliateRate: z.number(),
  isVisible: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Game = z.infer<typeof Game>;
