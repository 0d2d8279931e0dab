// One of a player's links on the player page: where it is, its consent, and for an active game link the
// player's balances, purchases and subscriptions in that game.
import { envHref } from "@/components/portal/env-href";
import { HelperSelect } from "@/components/portal/helper-select";
import { PortalForm, type PortalAction } from "@/components/portal/portal-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Table, Td, Th } from "@/components/ui/table";
import type { Environment } from "@/lib/core/environment";
import { formatMoney } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translator } from "@/lib/i18n/translator";
import { unitsIn, usdcIn, whenIn } from "@/lib/portal/money-locale-format";
import type { PortalPlayerLink } from "@/lib/portal/load-portal-player";

/** A purchase's price in its own currency: cents as dollars, USDC micro-units as USDC, VC as units. */
type Purchase = NonNullable<PortalPlayerLink["game"]>["purchases"][number];
const priceOf = (p: Purchase, locale: Locale) =>
  p.currency === "USD"
    ? locale === "en"
      ? `$${(p.priceInCents / 100).toFixed(2)}`
      : formatMoney(locale, p.priceInCents, "USD")
    : p.currency === "USDC"
      ? `${usdcIn(locale, String(p.amount))} USDC`
      : `${unitsIn(locale, String(p.amount))} ${p.currency}`;

const REFUNDABLE = ["completed", "partially_refunded"];

/** A purchase's Refund form, folded: an amount in the purchase's smallest unit (empty: all that is left), a reason, a note. */
const RefundForm = ({ purchase: p, action, t }: { purchase: Purchase; action: PortalAction; t: Translator }) => (
  <details className="min-w-56">
    <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-slate-900 underline">{t("player.refund.open")}</summary>
    <PortalForm
      action={action}
      label={t("player.refund.label", { item: p.item.name || p.item._id })}
      submit={t("player.refund.submit")}
      pendingLabel={t("player.refund.pending")}
      variant="secondary"
    >
      <Field id={`refund-amount-${p._id}`} label={t("player.refund.amount", { unit: p.currency, currency: p.currency })} hint={t("player.refund.amountHint")}>
        {(f) => <Input {...f} name="amount" inputMode="numeric" autoComplete="off" />}
      </Field>
      <Field id={`refund-reason-${p._id}`} label={t("player.refund.reason")}>
        {(f) => (
          <HelperSelect {...f} name="reason" defaultValue="requested_by_customer">
            {(["requested_by_customer", "duplicate", "fraudulent", "other"] as const).map((r) => (
              <option key={r} value={r}>
                {t(`player.refund.${r}`)}
              </option>
            ))}
          </HelperSelect>
        )}
      </Field>
      <Field id={`refund-note-${p._id}`} label={t("player.refund.note")}>
        {(f) => <Input {...f} name="note" maxLength={500} autoComplete="off" />}
      </Field>
    </PortalForm>
  </details>
);

export const PlayerLinkCard = ({
  link,
  businessId,
  environment,
  ledger,
  refund = null,
  t,
  locale,
}: {
  /** the "portal-money" catalog in the member's language, and that language */
  t: Translator;
  locale: Locale;
  link: PortalPlayerLink;
  businessId: string;
  environment: Environment;
  ledger: boolean;
  /** the Refund action bound to a purchase, when the member may refund (finance, admin, owner) */
  refund?: ((purchaseId: string) => PortalAction) | null;
}) => {
  const id = `link-${link.userRef}`;
  const g = link.game;
  return (
    <Card labelledBy={id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
          {t("player.card.namespace", { type: link.namespace.type, name: link.namespace.name })}
        </h2>
        {link.status === "active" ? <Badge tone="success">{t("player.card.active")}</Badge> : <Badge>{t("player.card.removed")}</Badge>}
      </div>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">userRef</dt>
          <dd className="font-mono text-xs [overflow-wrap:anywhere] text-slate-900">{link.userRef}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t("player.card.linked")}</dt>
          <dd className="text-slate-900">{whenIn(locale, link.linkedAt)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">{t("player.card.approved")}</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-900">
            {link.approvedAt
              ? `${whenIn(locale, link.approvedAt)}${link.approvalScopes.length ? ` (${link.approvalScopes.join(", ")})` : ""}`
              : t("player.card.notApproved")}
          </dd>
        </div>
      </dl>
      {g ? (
        <>
          <h3 className="mt-5 text-base font-semibold text-slate-900">{t("player.card.balances")}</h3>
          {g.balances.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">{t("player.card.noCurrencies")}</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-3" aria-label={t("player.card.balancesIn", { name: link.namespace.name })}>
              {g.balances.map((b) => (
                <li key={b.currency.id} className="rounded-lg px-3 py-2 ring-1 ring-slate-200 ring-inset" data-testid={`player-balance-${b.currency.code}`}>
                  <span className="font-mono text-lg font-semibold text-slate-900">{unitsIn(locale, b.balanceUnits)}</span>{" "}
                  <span className="text-sm text-slate-700">{b.currency.code}</span>
                </li>
              ))}
            </ul>
          )}
          {ledger ? (
            <p className="mt-2 text-sm">
              <a
                className={`${textLinkClass} inline-flex min-h-11 items-center`}
                href={envHref(`/portal/${encodeURIComponent(businessId)}/ledger/players/${encodeURIComponent(link.userRef)}`, environment)}
              >
                {t("player.card.ledger")}
              </a>
            </p>
          ) : null}
          <h3 className="mt-5 text-base font-semibold text-slate-900">{t("player.card.purchases")}</h3>
          {g.purchases.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">{t("player.card.noPurchases")}</p>
          ) : (
            <Table caption={t("player.card.purchasesIn", { name: link.namespace.name })} className="mt-2" stacked>
              <thead>
                <tr>
                  <Th>{t("player.card.item")}</Th>
                  <Th>{t("player.card.price")}</Th>
                  <Th>{t("player.card.status")}</Th>
                  <Th>{t("player.card.paidWith")}</Th>
                  <Th>{t("player.card.when")}</Th>
                  {refund ? <Th>{t("player.card.refund")}</Th> : null}
                </tr>
              </thead>
              <tbody>
                {g.purchases.map((p) => (
                  <tr key={p._id} data-testid={`purchase-${p._id}`}>
                    <Td label={t("player.card.item")} className="sm:min-w-32 [overflow-wrap:anywhere]">
                      {p.item.name || p.item._id}
                    </Td>
                    <Td label={t("player.card.price")} className="whitespace-nowrap">
                      {priceOf(p, locale)}
                    </Td>
                    <Td label={t("player.card.status")}>
                      <span>
                        {t("player.card.purchaseStatus", { status: p.status })}
                        {p.disputeStatus ? (
                          <>
                            {" "}
                            <Badge tone={p.disputeStatus === "open" ? "warning" : p.disputeStatus === "won" ? "success" : "danger"}>
                              {t(`player.card.dispute.${p.disputeStatus}`)}
                            </Badge>
                          </>
                        ) : null}
                      </span>
                    </Td>
                    <Td label={t("player.card.paidWith")}>{p.paymentMethod ?? "—"}</Td>
                    <Td label={t("player.card.when")} className="whitespace-nowrap">
                      {whenIn(locale, p.createdAt)}
                    </Td>
                    {refund ? (
                      <Td label={t("player.card.refund")}>
                        {REFUNDABLE.includes(p.status) && p.disputeStatus !== "open" ? <RefundForm purchase={p} action={refund(p._id)} t={t} /> : "—"}
                      </Td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <h3 className="mt-5 text-base font-semibold text-slate-900">{t("player.card.subscriptions")}</h3>
          {g.subscriptions.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">{t("player.card.noSubscriptions")}</p>
          ) : (
            <Table caption={t("player.card.subscriptionsIn", { name: link.namespace.name })} className="mt-2" stacked>
              <thead>
                <tr>
                  <Th>{t("player.card.item")}</Th>
                  <Th>{t("player.card.plan")}</Th>
                  <Th>{t("player.card.status")}</Th>
                  <Th>{t("player.card.paidUntil")}</Th>
                  <Th>{t("player.card.lastCharge")}</Th>
                </tr>
              </thead>
              <tbody>
                {g.subscriptions.map((s) => (
                  <tr key={s.subscriptionId}>
                    <Td label={t("player.card.item")} className="[overflow-wrap:anywhere]">
                      {s.itemName || s.itemId}
                    </Td>
                    <Td label={t("player.card.plan")}>{s.planCode}</Td>
                    <Td label={t("player.card.status")}>{s.status}</Td>
                    <Td label={t("player.card.paidUntil")} className="whitespace-nowrap">
                      {whenIn(locale, s.currentPeriodEnd)}
                    </Td>
                    <Td label={t("player.card.lastCharge")}>{s.lastChargeStatus ?? "—"}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </>
      ) : null}
    </Card>
  );
};
