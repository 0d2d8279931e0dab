// /operator/compliance: compliance (KYC) reviews of business-linked players, pending first (oldest on top),
// then action required, not started, rejected and approved. Operators only (anyone else: 404).
import type { Metadata } from "next";
import { formatTime } from "@/components/operator/format";
import { OperatorFrame, PageTitle } from "@/components/operator/operator-frame";
import { StatusBadge } from "@/components/operator/status-badge";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Table, Td, Th } from "@/components/ui/table";
import { listComplianceQueue } from "@/lib/business-users/list-compliance-queue";
import { leaveConsoleAction } from "../actions";
import { operatorPage } from "../_lib/request";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Compliance · Operator console · Coinop" } };

const CompliancePage = async () => {
  const op = await operatorPage();
  const rows = await listComplianceQueue(op);
  return (
    <OperatorFrame
      email={op.actor.email}
      current="compliance"
      signOut={leaveConsoleAction}
      counts={{ compliance: rows.filter((r) => r.status === "pending").length }}
    >
      <PageTitle
        title="Compliance reviews"
        intro="Players linked to businesses, with what they submitted on their verification page. Move a review to any of the five statuses, with a note."
      />
      <Card labelledBy="list-title">
        <h2 id="list-title" className="text-lg font-semibold text-slate-900">
          Reviews
        </h2>
        {rows.length ? (
          <div className="mt-4">
            <Table caption="Compliance reviews">
              <thead>
                <tr>
                  <Th>Player</Th>
                  <Th>Environment</Th>
                  <Th>Status</Th>
                  <Th>Businesses</Th>
                  <Th>Submitted</Th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <Td>
                      <a className={`${textLinkClass} [overflow-wrap:anywhere]`} href={`/operator/compliance/${r.id}`}>
                        {r.email || r.playerId}
                      </a>
                    </Td>
                    <Td>{r.environment}</Td>
                    <Td>
                      <StatusBadge status={r.status} />
                    </Td>
                    <Td className="text-xs [overflow-wrap:anywhere]">{r.businesses.join(", ") || "—"}</Td>
                    <Td className="text-xs whitespace-nowrap">{formatTime(r.submittedAt)}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-700">No compliance review yet.</p>
        )}
      </Card>
    </OperatorFrame>
  );
};

export default CompliancePage;
