// A console list: a table (caption, column headings and the rows the page renders) in a section card, or
// the line that says the list is empty; `children` follow (a "next page" link).
import type { ReactNode } from "react";
import { ListSection, type SectionProps } from "@/components/operator/section-card";
import { Table, Th } from "@/components/ui/table";

export const ListCard = ({
  caption,
  columns,
  rows,
  ...section
}: SectionProps & {
  caption: string;
  columns: string[];
  /** the table's rows (<tr>s); none: the `empty` line */
  rows: ReactNode[];
}) => (
  <ListSection
    {...section}
    list={
      rows.length ? (
        <div className="mt-4">
          <Table caption={caption}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <Th key={c}>{c}</Th>
                ))}
              </tr>
            </thead>
            <tbody>{rows}</tbody>
          </Table>
        </div>
      ) : null
    }
  />
);
