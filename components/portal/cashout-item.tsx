// One cashout request in the review queue: the player, the units and what they convert to at the rate
// captured when the player asked, when; for a pending request and a role that may decide, approve (one
// confirmation button) or reject with a required reason; for a decided one, the outcome.
import { envHref } from "@/components/portal/env-href";
import { PortalForm, type PortalAction } from "@/components/portal/portal-form";
import { Badge } from "@/components/ui/badge";
import { textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { Environment } from "@/lib/core/environment";
import type { Locale } from "@/lib/i18n/locales";
import type { Translator } from "@/lib/i18n/translator";
import { unitsIn, usdcIn, whenIn } from "@/lib/portal/money-locale-format";
import type { PortalCashout } from "@/lib/portal/list-portal-cashouts";

const TONE = { pendingReview: "warning", approved: "success", rejected: "danger" } as const;

const convert = (c: PortalCashout) => (BigInt(c.unitsRequested) * BigInt(c.requestedRate.baseUnitsPerVcUnit)).toString();

export const CashoutItem = ({
  c,
  businessId,
  environment,
  decide,
  t,
  locale,
}: {
  /** the "portal-money" catalog in the member's language, and that language */
  t: Translator;
  locale: Locale;
  c: PortalCashout;
  businessId: string;
  environment: Environment;
  /** the bound actions, when the member may decide */
  decide: { approve: PortalAction; reject: PortalAction } | null;
}) => {
  const base = `/portal/${encodeURIComponent(businessId)}`;
  const who = c.email ?? c.userRef;
  return (
    <li className="rounded-xl p-4 ring-1 ring-slate-200 ring-inset" data-testid={`cashout-${c._id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-base font-semibold [overflow-wrap:anywhere] text-slate-900">
          {unitsIn(locale, c.unitsRequested)} {c.currency.code}{" "}
          <span className="font-normal text-slate-700">→ {usdcIn(locale, c.convertedBaseUnits ?? convert(c))} USDC</span>
        </p>
        <Badge tone={TONE[c.status]}>{t(`cashouts.item.status.${c.status}`)}</Badge>
      </div>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">{t("cashouts.item.player")}</dt>
          <dd className="[overflow-wrap:anywhere]">
            <a className={textLinkClass} href={envHref(`${base}/ledger/players/${encodeURIComponent(c.userRef)}`, environment)}>
              {who}
            </a>
            {c.email ? <span className="block font-mono text-xs text-slate-600">{c.userRef}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t("cashouts.item.rate")}</dt>
          <dd className="text-slate-900">{t("cashouts.item.rateValue", { usdc: usdcIn(locale, c.requestedRate.baseUnitsPerVcUnit) })}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t("cashouts.item.requested")}</dt>
          <dd className="text-slate-900">{whenIn(locale, c.createdAt)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">{t("cashouts.item.gameCurrency")}</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-900">
            {c.game.name} · {c.currency.name}
          </dd>
        </div>
        {c.decidedAt ? (
          <div>
            <dt className="text-xs text-slate-600">{t("cashouts.item.decided")}</dt>
            <dd className="text-slate-900">{whenIn(locale, c.decidedAt)}</dd>
          </div>
        ) : null}
        {c.rejectionReason ? (
          <div className="min-w-0 sm:col-span-2 lg:col-span-3">
            <dt className="text-xs text-slate-600">{t("cashouts.item.reason")}</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">{c.rejectionReason}</dd>
          </div>
        ) : null}
        {c.transactionId ? (
          <div className="min-w-0 sm:col-span-2 lg:col-span-3">
            <dt className="text-xs text-slate-600">{t("cashouts.item.journal")}</dt>
            <dd className="font-mono text-xs [overflow-wrap:anywhere] text-slate-900">{c.transactionId}</dd>
          </div>
        ) : null}
      </dl>
      {decide && c.status === "pendingReview" ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <PortalForm
            action={decide.approve}
            label={t("cashouts.item.approveLabel", { who })}
            submit={t("cashouts.item.approve")}
            pendingLabel={t("cashouts.item.approving")}
          >
            <input type="hidden" name="confirm" value="yes" />
            <p className="text-xs text-slate-600">{t("cashouts.item.approveNote")}</p>
          </PortalForm>
          <PortalForm
            action={decide.reject}
            label={t("cashouts.item.rejectLabel", { who })}
            submit={t("cashouts.item.reject")}
            pendingLabel={t("cashouts.item.rejecting")}
            variant="secondary"
          >
            <Field id={`reason-${c._id}`} label={t("cashouts.item.reasonField")} hint={t("cashouts.item.reasonHint")}>
              {(p) => <Input {...p} name="reason" required maxLength={500} autoComplete="off" />}
            </Field>
          </PortalForm>
        </div>
      ) : null}
    </li>
  );
};
