// The session signed in on this portal request (server only), once per request (React's cache lasts one
// request): the page's loader, its language and its frame all ask. Read from the request's cookies
// (lib/auth/get-signed-in-player.ts, getSignedInSessionOfCookies: the same answer as getSignedInPlayer, without
// next-auth's getServerSession and its cost, and the account's language setting in the same query:
// docs/decisions/portal-page-cpu.md).
import { cookies } from "next/headers";
import { cache } from "react";
import { getSignedInSessionOfCookies, type SignedInPlayer, type SignedInSession } from "@/lib/auth/get-signed-in-player";

export const getPortalSession = cache(async (): Promise<SignedInSession | null> => getSignedInSessionOfCookies((await cookies()).getAll()));

/** The player signed in on this request, or null. */
export const getPortalPlayer = async (): Promise<SignedInPlayer | null> => (await getPortalSession())?.player ?? null;
