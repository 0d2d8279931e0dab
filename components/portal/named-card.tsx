// The card of one game (or campaign) on a portal page that lists several: headed by its name (the card's
// label), then what the page shows of it.
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

export const NamedCard = ({ id, name, children }: { id: string; name: string; children: ReactNode }) => (
  <Card labelledBy={id}>
    <h2 id={id} className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
      {name}
    </h2>
    {children}
  </Card>
);
