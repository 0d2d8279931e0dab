// GET /checkout/cancel/{purchaseId}?sig=…: where Stripe sends a payer who backs out. The purchase is
// canceled (Purchases.Canceled), its grant is pending again, and the payer is back on the checkout.
import { getDb } from "@/lib/db/client";
import { cancelCheckout } from "@/lib/checkout/cancel-checkout";
import { checkoutPath, verifyIdSignature } from "@/lib/checkout/sign-url";
import { appBaseUrl } from "@/lib/linking/link-session-url";

export const GET = async (req: Request, { params }: { params: Promise<{ purchaseId: string }> }): Promise<Response> => {
  const { purchaseId } = await params;
  if (!verifyIdSignature(purchaseId, new URL(req.url).searchParams.get("sig"))) return new Response("Checkout not found.", { status: 404 });
  const db = getDb();
  const purchase = await db.purchase.findUnique({ where: { id: purchaseId } });
  if (!purchase) return new Response("Checkout not found.", { status: 404 });
  if (purchase.status === "pending") await cancelCheckout(db, { purchaseId });
  const session = purchase.checkoutSessionId ? await db.checkoutSession.findUnique({ where: { id: purchase.checkoutSessionId }, select: { token: true } }) : null;
  const back = purchase.grantId ? checkoutPath({ kind: "grant", grantId: purchase.grantId }) : session ? checkoutPath({ kind: "session", token: session.token }) : "/";
  return Response.redirect(`${appBaseUrl()}${back}`, 303);
};
