// next-auth's own endpoints (csrf, providers, callback/credentials, session, signout) for player
// sign-in on the hosted pages. A plain Next.js handler: no API key, not part of the v1 API.
// A sign-in while the email or the client's address is locked is answered here with a 429 (and
// Retry-After) before next-auth runs; next-auth itself can only answer 401.
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions, PLAYER_CREDENTIALS } from "@/lib/auth/auth-options";
import { clientIpOf } from "@/lib/auth/client-ip";
import { findSignInLock } from "@/lib/auth/sign-in-throttle";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/core/errors";
import { connectionCloseHeader, readCappedBody } from "@/lib/http/read-capped-body";
import { config } from "@/lib/config/env";

type Context = { params: Promise<{ nextauth: string[] }> };

const handler = NextAuth(authOptions) as (req: NextRequest, ctx: Context) => Promise<Response>;
const CALLBACK = `/api/auth/callback/${PLAYER_CREDENTIALS}`;
/** A sign-in form is a few hundred bytes. */
const MAX_SIGN_IN_BODY = 16_000;

/** The answer next-auth's client reads: { url } whose `error` parameter the form shows. */
const refusal = (req: Request, error: AppError, headers: Record<string, string> = {}) =>
  Response.json(
    { url: `${config().NEXTAUTH_URL ?? ""}/api/auth/error?${new URLSearchParams({ error: error.message })}` },
    { status: error.status, headers: { ...connectionCloseHeader(req), ...headers } },
  );

export const GET = handler;

export const POST = async (req: NextRequest, ctx: Context): Promise<Response> => {
  if (req.nextUrl.pathname !== CALLBACK) return handler(req, ctx);
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readCappedBody(req, MAX_SIGN_IN_BODY);
  } catch (e) {
    if (e instanceof AppError) return refusal(req, e);
    throw e;
  }
  const form = new URLSearchParams(new TextDecoder().decode(body));
  const lock = await findSignInLock({ db: getDb() }, { email: form.get("email"), ip: clientIpOf(req.headers) });
  if (lock) return refusal(req, lock.error, { "retry-after": String(Math.max(1, Math.ceil((lock.lockedUntil.getTime() - Date.now()) / 1000))) });
  return handler(new NextRequest(req.url, { method: "POST", headers: req.headers, body }), ctx);
};
