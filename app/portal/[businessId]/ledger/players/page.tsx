// /portal/{businessId}/ledger/players?userRef=…: the ledger page's "find a player" form lands here and goes
// on to the player's page (the player is checked there: another business's player is a 404).
import { redirect } from "next/navigation";
import { environmentOf } from "@/components/portal/env-href";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[]; userRef?: string | string[] }> };

const FindLedgerPlayer = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const q = await searchParams;
  const environment = environmentOf(q.env);
  const userRef = typeof q.userRef === "string" ? q.userRef.trim() : "";
  const base = `/portal/${encodeURIComponent(businessId)}/ledger`;
  const env = environment === "live" ? "?env=live" : "";
  redirect(userRef ? `${base}/players/${encodeURIComponent(userRef)}${env}` : `${base}${env}`);
};

export default FindLedgerPlayer;
