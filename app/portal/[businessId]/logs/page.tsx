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
      title: (t) => t("log.title"),
      intro: (t) => <p className="mt-2 text-sm text-slate-700">{t.rich("log.intro", { environment, code: (c) => <code>{c}</code> })}</p>,
      empty: (t) => t("log.empty", { environment }),
    },
  });
};

export default LogsPage;
