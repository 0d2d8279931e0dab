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
import { formatUnits, formatUsdc, formatWhen } from "@/lib/portal/ledger-format";
import type { PortalPlayerLink } from "@/lib/portal/load-portal-player";

const NAMESPACE = { game: "Game", campaign: "Campaign", business: "Business" } as const;

/** A purchase's price in its own currency: cents as dollars, USDC micro-units as USDC, VC as units. */
type Purchase = NonNullable<PortalPlayerLink["game"]>["purchases"][number];
const priceOf = (p: Purchase) =>
  p.currency === "USD"
    ? `$${(p.priceInCents / 100).toFixed(2)}`
    : p.currency === "USDC"
      ? `${formatUsdc(String(p.amount))} USDC`
      : `${formatUnits(String(p.amount))} ${p.currency}`;

const REFUNDABLE = ["completed", "partially_refunded"];
const UNIT = { USD: "cents", USDC: "USDC micro-units" } as Record<string, string>;

/** A purchase's Refund form, folded: an amount in the purchase's smallest unit (empty: all that is left), a reason, a note. */
const RefundForm = ({ purchase: p, action }: { purchase: Purchase; action: PortalAction }) => (
  <details className="min-w-56">
    <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-slate-900 underline">Refund…</summary>
    <PortalForm action={action} label={`Refund the purchase of ${p.item.name || p.item._id}`} submit="Refund" pendingLabel="Refunding…" variant="secondary">
      <Field id={`refund-amount-${p._id}`} label={`Amount (${UNIT[p.currency] ?? `${p.currency} units`})`} hint="Empty: all that is left.">
        {(f) => <Input {...f} name="amount" inputMode="numeric" autoComplete="off" />}
      </Field>
      <Field id={`refund-reason-${p._id}`} label="Reason">
        {(f) => (
          <HelperSelect {...f} name="reason" defaultValue="requested_by_customer">
            <option value="requested_by_customer">Requested by the customer</option>
            <option value="duplicate">Duplicate</option>
            <option value="fraudulent">Fraudulent</option>
            <option value="other">Other</option>
          </HelperSelect>
        )}
      </Field>
      <Field id={`refund-note-${p._id}`} label="Note (optional)">
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
}: {
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
          {NAMESPACE[link.namespace.type]}: {link.namespace.name}
        </h2>
        {link.status === "active" ? <Badge tone="success">Active link</Badge> : <Badge>Removed link</Badge>}
      </div>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">userRef</dt>
          <dd className="font-mono text-xs [overflow-wrap:anywhere] text-slate-900">{link.userRef}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Linked</dt>
          <dd className="text-slate-900">{formatWhen(link.linkedAt)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">Approved by the player</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-900">
            {link.approvedAt
              ? `${formatWhen(link.approvedAt)}${link.approvalScopes.length ? ` (${link.approvalScopes.join(", ")})` : ""}`
              : "No (made from an email)"}
          </dd>
        </div>
      </dl>
      {g ? (
        <>
          <h3 className="mt-5 text-base font-semibold text-slate-900">Balances</h3>
          {g.balances.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">This game has no currencies.</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-3" aria-label={`Balances in ${link.namespace.name}`}>
              {g.balances.map((b) => (
                <li key={b.currency.id} className="rounded-lg px-3 py-2 ring-1 ring-slate-200 ring-inset" data-testid={`player-balance-${b.currency.code}`}>
                  <span className="font-mono text-lg font-semibold text-slate-900">{formatUnits(b.balanceUnits)}</span>{" "}
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
                Ledger history
              </a>
            </p>
          ) : null}
          <h3 className="mt-5 text-base font-semibold text-slate-900">Purchases</h3>
          {g.purchases.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">No purchases.</p>
          ) : (
            <Table caption={`Purchases in ${link.namespace.name}`} className="mt-2">
              <thead>
                <tr>
                  <Th>Item</Th>
                  <Th>Price</Th>
                  <Th>Status</Th>
                  <Th>Paid with</Th>
                  <Th>When</Th>
                  {refund ? <Th>Refund</Th> : null}
                </tr>
              </thead>
              <tbody>
                {g.purchases.map((p) => (
                  <tr key={p._id} data-testid={`purchase-${p._id}`}>
                    <Td className="[overflow-wrap:anywhere]">{p.item.name || p.item._id}</Td>
                    <Td className="whitespace-nowrap">{priceOf(p)}</Td>
                    <Td>{p.status}</Td>
                    <Td>{p.paymentMethod ?? "—"}</Td>
                    <Td className="whitespace-nowrap">{formatWhen(p.createdAt)}</Td>
                    {refund ? <Td>{REFUNDABLE.includes(p.status) ? <RefundForm purchase={p} action={refund(p._id)} /> : "—"}</Td> : null}
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <h3 className="mt-5 text-base font-semibold text-slate-900">Subscriptions</h3>
          {g.subscriptions.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">No subscriptions.</p>
          ) : (
            <Table caption={`Subscriptions in ${link.namespace.name}`} className="mt-2">
              <thead>
                <tr>
                  <Th>Item</Th>
                  <Th>Plan</Th>
                  <Th>Status</Th>
                  <Th>Paid until</Th>
                  <Th>Last charge</Th>
                </tr>
              </thead>
              <tbody>
                {g.subscriptions.map((s) => (
                  <tr key={s.subscriptionId}>
                    <Td className="[overflow-wrap:anywhere]">{s.itemName || s.itemId}</Td>
                    <Td>{s.planCode}</Td>
                    <Td>{s.status}</Td>
                    <Td className="whitespace-nowrap">{formatWhen(s.currentPeriodEnd)}</Td>
                    <Td>{s.lastChargeStatus ?? "—"}</Td>
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
