// /operator/compliance: compliance (KYC) reviews of business-linked players, pending first (oldest on top),
// then action required, not started, rejected and approved. Operators only (anyone else: 404).
import type { Metadata } from "next";
import { formatTime } from "@/components/operator/format";
import { ListCard } from "@/components/operator/list-card";
import { OperatorFrame, PageTitle } from "@/components/operator/operator-frame";
import { StatusBadge } from "@/components/operator/status-badge";
import { textLinkClass } from "@/components/ui/classes";
import { Td } from "@/components/ui/table";
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
      <ListCard
        id="list-title"
        title="Reviews"
        caption="Compliance reviews"
        columns={["Player", "Environment", "Status", "Businesses", "Submitted"]}
        rows={rows.map((r) => (
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
        empty="No compliance review yet."
      />
    </OperatorFrame>
  );
};

export default CompliancePage;
