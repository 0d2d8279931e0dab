// /portal/{businessId}/logs: the business's recent /v1 calls (its keys', and platforms' acting for it), newest
// first, with filters (key, status class, method, path) and the request id search. Each row opens the
// request's detail: redacted bodies, and for a failure, why it was refused. Members with logs:read only.
// (The page itself is app/portal/_lib/request-log-pages.tsx, shared with a platform's request log.)
import type { Metadata } from "next";
import { environmentOf } from "@/components/portal/env-href";
import { RequestLogPage } from "../../_lib/request-log-pages";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Request log · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const LogsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const query = await searchParams;
  const environment = environmentOf(query.env);
  return RequestLogPage({
    query,
    subject: {
      businessId,
      environment,
      current: "logs",
      base: `/portal/${encodeURIComponent(businessId)}/logs`,
      title: "Request log",
      intro: (
        <p className="mt-2 text-sm text-slate-700">
          Recent {environment} calls to <code>/v1</code> by your keys, and by platforms acting for your business. Bodies are stored with keys, secrets,
          passwords, card data and session keys removed.
        </p>
      ),
      empty: `No ${environment} requests yet. Calls with your keys appear here within a second.`,
    },
  });
};

export default LogsPage;
