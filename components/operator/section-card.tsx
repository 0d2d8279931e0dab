// A console section that lists things (a review's fields, documents or history, a queue): its card and
// heading, the list when there is anything in it, else one line that says so; `children` follow the list.
import type { ReactNode } from "react";
import { TitledCard } from "@/components/ui/titled-card";

export type SectionProps = { id: string; title: string; empty: string; children?: ReactNode };

export const ListSection = ({ id, title, empty, list, children }: SectionProps & { list: ReactNode | null }) => (
  <TitledCard id={id} title={title}>
    {list ?? <p className="mt-2 text-sm text-slate-700">{empty}</p>}
    {children}
  </TitledCard>
);
