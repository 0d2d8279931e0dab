// /portal/{businessId}/platforms/{platformId}/logs/{requestId}: one request of the platform's keys, as the
// business's request log shows one (app/portal/_lib/request-log-pages.tsx). Another platform's request is a 404.
import type { Metadata } from "next";
import { environmentOf } from "@/components/portal/env-href";
import { segmentText } from "../../../../../_lib/page";
import { RequestDetailPage } from "../../../../../_lib/request-log-pages";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Platform request · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string; platformId: string; requestId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const PlatformRequestPage = async ({ params, searchParams }: Props) => {
  const { businessId, platformId: raw, requestId } = await params;
  const platformId = segmentText(raw);
  const environment = environmentOf((await searchParams).env);
  return RequestDetailPage({
    subject: {
      businessId,
      platformId,
      environment,
      current: "platforms",
      base: `/portal/${encodeURIComponent(businessId)}/platforms/${encodeURIComponent(platformId)}/logs`,
    },
    requestId: segmentText(requestId),
    // its requests name other businesses' objects, whose timelines are theirs
    timelines: false,
  });
};

export default PlatformRequestPage;
