// /operator/audit: the operator audit log, newest first: who (the operator, or "cli" for npm run operator),
// when, what (the action and its object) and why (the note). Filter by action and by operator; 100 a page.
import type { Metadata } from "next";
import { formatTime } from "@/components/operator/format";
import { ListCard } from "@/components/operator/list-card";
import { OperatorFrame, PageTitle } from "@/components/operator/operator-frame";
import { Card } from "@/components/ui/card";
import { buttonClass, inputClass, labelClass, textLinkClass } from "@/components/ui/classes";
import { Td } from "@/components/ui/table";
import { listOperatorActions } from "@/lib/operator/list-operator-actions";
import { leaveConsoleAction } from "../actions";
import { operatorPage } from "../_lib/request";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Audit log · Operator console · Coinop" } };

type Props = { searchParams: Promise<{ action?: string | string[]; operator?: string | string[]; before?: string | string[] }> };

/** An action's details in one line ("email: a@b.c · scopes: gift:read, gift:write"), without nested objects' braces. */
const detailsText = (d: unknown): string =>
  d && typeof d === "object" && !Array.isArray(d)
    ? Object.entries(d as Record<string, unknown>)
        .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : typeof v === "object" && v !== null ? JSON.stringify(v) : String(v)}`)
        .join(" · ")
    : "";

const one = (v: string | string[] | undefined) => (typeof v === "string" && v.length <= 200 ? v : undefined);

const AuditPage = async ({ searchParams }: Props) => {
  const op = await operatorPage();
  const q = await searchParams;
  const filters = { action: one(q.action) || undefined, operator: one(q.operator) || undefined };
  const { rows, next, actions, operators } = await listOperatorActions(op, { ...filters, before: one(q.before) });
  const nextHref = next
    ? `/operator/audit?${new URLSearchParams({ ...(filters.action ? { action: filters.action } : {}), ...(filters.operator ? { operator: filters.operator } : {}), before: next })}`
    : null;
  return (
    <OperatorFrame email={op.actor.email} current="audit" signOut={leaveConsoleAction}>
      <PageTitle
        title="Operator audit log"
        intro="Every operator action: who, when, what and why. Changes to a business are also in that business's own audit log."
      />
      <Card labelledBy="filter-title">
        <h2 id="filter-title" className="sr-only">
          Filter
        </h2>
        <form method="get" action="/operator/audit" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <div>
            <label htmlFor="action" className={labelClass}>
              Action
            </label>
            <select id="action" name="action" defaultValue={filters.action ?? ""} className={`${inputClass} mt-1.5`}>
              <option value="">Every action</option>
              {actions.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="operator" className={labelClass}>
              Operator
            </label>
            <select id="operator" name="operator" defaultValue={filters.operator ?? ""} className={`${inputClass} mt-1.5`}>
              <option value="">Every operator</option>
              {operators.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={`${buttonClass({ variant: "secondary" })} sm:w-auto`}>
            Filter
          </button>
        </form>
      </Card>
      <ListCard
        id="log-title"
        title="Actions"
        caption="Operator actions, newest first"
        columns={["When", "Who", "What", "Why"]}
        rows={rows.map((r) => (
          <tr key={r.id} data-testid="operator-action">
            <Td className="text-xs whitespace-nowrap">{formatTime(r.at)}</Td>
            <Td className="text-xs [overflow-wrap:anywhere]">{r.operatorEmail}</Td>
            <Td>
              <p className="font-mono text-xs text-slate-900">{r.action}</p>
              <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">
                {r.objectType === "business" ? (
                  <a className={textLinkClass} href={`/operator/activations/${r.objectId}`}>
                    business {r.objectId}
                  </a>
                ) : r.objectType === "player_compliance" ? (
                  <a className={textLinkClass} href={`/operator/compliance/${r.objectId}`}>
                    compliance review {r.objectId}
                  </a>
                ) : (
                  `${r.objectType.replace(/_/g, " ")} ${r.objectId}`
                )}
              </p>
            </Td>
            <Td className="text-sm [overflow-wrap:anywhere]">
              {r.reason || "—"}
              {detailsText(r.details) ? <p className="mt-0.5 text-xs text-slate-600">{detailsText(r.details)}</p> : null}
            </Td>
          </tr>
        ))}
        empty="No action matches."
      >
        {nextHref ? (
          <p className="mt-4">
            <a className={textLinkClass} href={nextHref}>
              Older actions →
            </a>
          </p>
        ) : null}
      </ListCard>
    </OperatorFrame>
  );
};

export default AuditPage;
