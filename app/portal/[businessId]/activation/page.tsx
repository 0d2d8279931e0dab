// /portal/{businessId}/activation, "Go live": where the business's activation stands (not started → submitted, in
// review → approved, action required or rejected), for every member. Owners and admins (activation:write) also
// see the operator's note, fill in the application (prefilled from the draft), upload and remove supporting
// documents, and submit; once approved, the page points to live games and live keys. Each change is a portal
// command (lib/portal/*-activation*.ts) behind the server actions of ./actions.ts.
import type { Metadata } from "next";
import { ActivationApplication } from "@/components/activation/activation-application";
import { ActivationStatus, ActivationStatusBadge } from "@/components/activation/activation-status";
import { activationWords } from "@/components/activation/activation-words";
import { envHref, environmentOf } from "@/components/portal/env-href";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import type { ActivationView } from "@/lib/activation/load-activation";
import { getTranslator } from "@/lib/i18n/translator";
import { loadPortalActivation } from "@/lib/portal/load-portal-activation";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";
import { applicationAction, removeDocumentAction, uploadDocumentAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-more")("activation.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const day = (d: Date) => d.toISOString().slice(0, 10);

const ActivationPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment, current: "activation", load: (ctx) => loadPortalActivation(ctx, { businessId }) },
    ({ member, manage, activation }, frame) => {
      const { locale } = frame;
      // the activation words are the hosted verification page's ("platform" catalog); in English the fields
      // keep the service's own messages, as before
      const t = getTranslator(locale, "platform");
      const words = activationWords(t, { fieldMessages: locale !== "en" });
      const m = getTranslator(locale, "portal-more");
      const full = manage ? (activation as ActivationView) : null;
      const dates = [
        ...(activation.submittedAt ? [t("verification.submittedOn", { date: day(activation.submittedAt) })] : []),
        ...(activation.decidedAt && activation.status !== "pending" ? [t("verification.decidedOn", { date: day(activation.decidedAt) })] : []),
      ];
      const base = `/portal/${encodeURIComponent(businessId)}`;
      return (
        <PortalPageShell
          {...frame}
          title={m("activation.title")}
          translated
          badge={<ActivationStatusBadge status={activation.status} words={words} />}
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">{m("activation.intro", { business: member.business.name })}</p>
              <ActivationStatus status={activation.status} words={words} dates={dates} note={full?.note ?? null} />
            </>
          }
        >
          {activation.status === "approved" ? (
            <Card labelledBy="live-title">
              <h2 id="live-title" className="text-lg font-semibold text-slate-900">
                {m("activation.approvedTitle")}
              </h2>
              <p className="mt-1 text-sm text-slate-700">{m("activation.approvedIntro")}</p>
              <ul className="mt-3 space-y-2 text-sm">
                <li>
                  <a className={textLinkClass} href={envHref(`${base}/games`, "live")}>
                    {m("activation.liveGame")}
                  </a>
                </li>
                <li>
                  <a className={textLinkClass} href={envHref(`${base}/keys`, "live")}>
                    {m("activation.liveKeys")}
                  </a>
                </li>
              </ul>
            </Card>
          ) : null}
          {full ? (
            <ActivationApplication
              view={full}
              words={words}
              t={t}
              documentsBase={`${base}/activation/documents`}
              upload={uploadDocumentAction.bind(null, { businessId })}
              remove={(documentId) => removeDocumentAction.bind(null, { businessId, documentId })}
              apply={applicationAction.bind(null, { businessId })}
            />
          ) : (
            <p className="text-sm text-slate-700">{m("activation.ownersOnly")}</p>
          )}
        </PortalPageShell>
      );
    },
  );
};

export default ActivationPage;
