// The business of a /business/{businessId}/… page as its signed-in admin sees it, for the tab title and link
// preview: null when nobody is signed in or the signed-in player does not administer it (the page then shows
// its generic title, and names no business to anyone else). Once per request.
import { cache } from "react";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { listAdminBusinesses, type AdminBusiness } from "@/lib/platform/load-business-pages";

export const adminBusinessOf = cache(async (businessId: string): Promise<AdminBusiness | null> => {
  const player = await getSignedInPlayer();
  if (!player) return null;
  return (await listAdminBusinesses({ db: getDb() }, player)).find((b) => b.id === businessId) ?? null;
});
