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
import { applicationAction, removeDocumentAction, uploadDocumentAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Go live · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const day = (d: Date) => d.toISOString().slice(0, 10);

const ActivationPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  const t = getTranslator("en", "platform");
  const words = activationWords(t, { fieldMessages: false });
  return portalPage(
    { businessId, environment, current: "activation", load: (ctx) => loadPortalActivation(ctx, { businessId }) },
    ({ member, manage, activation }, frame) => {
      const full = manage ? (activation as ActivationView) : null;
      const dates = [
        ...(activation.submittedAt ? [t("verification.submittedOn", { date: day(activation.submittedAt) })] : []),
        ...(activation.decidedAt && activation.status !== "pending" ? [t("verification.decidedOn", { date: day(activation.decidedAt) })] : []),
      ];
      const base = `/portal/${encodeURIComponent(businessId)}`;
      return (
        <PortalPageShell
          {...frame}
          title="Go live"
          badge={<ActivationStatusBadge status={activation.status} words={words} />}
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">
                Test mode is yours at once. Before {member.business.name} can create live games and keys and take real payments, an operator of this Coinop
                instance reviews who the business is.
              </p>
              <ActivationStatus status={activation.status} words={words} dates={dates} note={full?.note ?? null} />
            </>
          }
        >
          {activation.status === "approved" ? (
            <Card labelledBy="live-title">
              <h2 id="live-title" className="text-lg font-semibold text-slate-900">
                You are approved to go live
              </h2>
              <p className="mt-1 text-sm text-slate-700">Create a live game, then a live server key for it. Live keys open live checkouts with real money.</p>
              <ul className="mt-3 space-y-2 text-sm">
                <li>
                  <a className={textLinkClass} href={envHref(`${base}/games`, "live")}>
                    Create a live game
                  </a>
                </li>
                <li>
                  <a className={textLinkClass} href={envHref(`${base}/keys`, "live")}>
                    Create live keys
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
            <p className="text-sm text-slate-700">Only owners and admins of the business see and complete the application.</p>
          )}
        </PortalPageShell>
      );
    },
  );
};

export default ActivationPage;
