// Server-only: who a hosted link page acts for (the game, campaign or business behind a link session or
// an invite), in the shape MerchantHeader shows.
import type { DbContext } from "../core/context.ts";

export type Merchant = {
  /** what the player deals with: a game, a campaign or a business */
  kind: "game" | "campaign" | "business";
  name: string;
  imageUrl: string | null;
  environment: "test" | "live";
};

type Owned = { namespaceType: string; namespaceId: string; environment: string };

export const loadMerchant = async (ctx: DbContext, { namespaceType, namespaceId, environment }: Owned): Promise<Merchant> => {
  const env = environment === "live" ? "live" : "test";
  switch (namespaceType) {
    case "game": {
      const g = await ctx.db.game.findUnique({ where: { id: namespaceId }, select: { name: true, imageUrl: true } });
      return { kind: "game", name: g?.name ?? "", imageUrl: g?.imageUrl || null, environment: env };
    }
    case "campaign": {
      const c = await ctx.db.campaign.findUnique({ where: { id: namespaceId }, select: { name: true, publicName: true, imageUrl: true } });
      return { kind: "campaign", name: c?.publicName || c?.name || "", imageUrl: c?.imageUrl || null, environment: env };
    }
    default: {
      const b = await ctx.db.business.findUnique({ where: { id: namespaceId }, select: { name: true, logoUrl: true } });
      return { kind: "business", name: b?.name ?? "", imageUrl: b?.logoUrl || null, environment: env };
    }
  }
};

/** `jane@example.com` → `j•••@example.com`: enough to recognise an account without showing it to anyone holding the link. */
export const maskEmail = (email: string): string => {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}•••@${domain}`;
};
