// next-auth's own endpoints (csrf, providers, callback/credentials, session, signout) for player
// sign-in on the hosted pages. A plain Next.js handler: no API key, not part of the v1 API.
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";

const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
