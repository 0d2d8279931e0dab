// /portal/{businessId}/platforms/{platformId}/logs: the recent /v1 calls of a platform the business registered
// (its keys', whichever business they acted for), with the request log's filters; each row opens the
// request's detail. Members with platforms:read; another business's platform is a 404.
import type { Metadata } from "next";
import { environmentOf } from "@/components/portal/env-href";
import { PlatformTabs } from "@/components/portal/platform-parts";
import { segmentText } from "../../../../_lib/page";
import { RequestLogPage } from "../../../../_lib/request-log-pages";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Platform request log · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string; platformId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const PlatformLogsPage = async ({ params, searchParams }: Props) => {
  const { businessId, platformId: raw } = await params;
  const platformId = segmentText(raw);
  const query = await searchParams;
  const environment = environmentOf(query.env);
  const platformBase = `/portal/${encodeURIComponent(businessId)}/platforms/${encodeURIComponent(platformId)}`;
  return RequestLogPage({
    query,
    subject: {
      businessId,
      platformId,
      environment,
      current: "platforms",
      base: `${platformBase}/logs`,
      here: `${platformBase}/logs`,
      title: (t) => t("log.platformTitle"),
      intro: (t, locale) => (
        <>
          <p className="mt-2 text-sm text-slate-700">{t.rich("log.platformIntro", { environment, code: (c) => <code>{c}</code> })}</p>
          <PlatformTabs base={platformBase} current="logs" environment={environment} locale={locale} />
        </>
      ),
      empty: (t) => t("log.platformEmpty", { environment }),
    },
  });
};

export default PlatformLogsPage;
