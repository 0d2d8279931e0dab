import type { CheckoutView } from "@/lib/checkout/describe-checkout";
import { formatCents, formatUnits } from "./format";

/** The item, its image and its price: with a deal, the regular price struck through beside the price paid. */
export const OrderSummary = ({ view }: { view: CheckoutView }) => {
  const { item, usd, vc } = view;
  return (
    <div className="min-w-0">
      <p className="text-sm font-medium text-[var(--co-label)]">Pay {view.game.name}</p>
      <div className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        {usd ? (
          <>
            <p className="text-4xl font-semibold tracking-tight text-[var(--co-title)]" data-testid="price">
              {formatCents(usd.final)}
            </p>
            {usd.final !== usd.regular ? (
              <p className="text-lg text-[var(--co-label)]">
                <span className="sr-only">Regular price </span>
                <s>{formatCents(usd.regular)}</s>
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-4xl font-semibold tracking-tight text-[var(--co-title)]" data-testid="price">
            {vc[0] ? formatUnits(vc[0].amount, vc[0].code) : "—"}
          </p>
        )}
      </div>
      {usd?.dealCode ? (
        <p className="mt-2 inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold text-[var(--co-price-override)] ring-1 ring-current ring-inset">
          Deal {usd.dealCode} applied: you save {formatCents(usd.regular - usd.final)}
        </p>
      ) : null}
      <div className="mt-6 flex items-start gap-4 border-t border-[var(--co-border)] pt-6">
        {item.imageUrl ? (
          <img src={item.imageUrl} alt="" width={64} height={64} className="size-16 shrink-0 rounded-lg border border-[var(--co-border)] object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-16 shrink-0 items-center justify-center rounded-lg border border-[var(--co-border)] bg-[var(--co-page)] text-[var(--co-label)]"
          >
            <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
              <path d="M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z" />
            </svg>
          </span>
        )}
        <div className="min-w-0 flex-1 text-[var(--co-lines)]">
          <p className="font-semibold [overflow-wrap:anywhere] text-[var(--co-title)]">{item.name}</p>
          {item.description ? <p className="mt-1 line-clamp-3 text-sm [overflow-wrap:anywhere]">{item.description}</p> : null}
          <p className="mt-1 text-sm">Qty 1</p>
        </div>
        <p className="shrink-0 text-sm font-semibold text-[var(--co-lines)]">
          {usd ? formatCents(usd.final) : vc[0] ? formatUnits(vc[0].amount, vc[0].code) : ""}
        </p>
      </div>
      {vc.length && usd ? <p className="mt-4 text-sm text-[var(--co-label)]">Or pay {vc.map((v) => formatUnits(v.amount, v.code)).join(" or ")}.</p> : null}
    </div>
  );
};
