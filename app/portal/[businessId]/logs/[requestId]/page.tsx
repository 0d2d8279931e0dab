// /portal/{businessId}/logs/{requestId}: one request as the kernel answered it: method, path, status,
// latency, the key, the Idempotency-Key, the redacted bodies, the objects it named (each a link to its
// timeline), and for a failure, why it was refused. Another business's request id is a 404.
// (The page itself is app/portal/_lib/request-log-pages.tsx, shared with a platform's request log.)
import type { Metadata } from "next";
import { environmentOf } from "@/components/portal/env-href";
import { RequestDetailPage } from "../../../_lib/request-log-pages";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Request · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string; requestId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const RequestPage = async ({ params, searchParams }: Props) => {
  const { businessId, requestId } = await params;
  const environment = environmentOf((await searchParams).env);
  return RequestDetailPage({
    subject: { businessId, environment, current: "logs", base: `/portal/${encodeURIComponent(businessId)}/logs` },
    requestId: decodeURIComponent(requestId),
    timelines: true,
  });
};

export default RequestPage;
