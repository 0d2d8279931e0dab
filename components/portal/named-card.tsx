// The card of one game (or campaign) on a portal page that lists several: headed by its name (the card's
// label), then what the page shows of it.
import type { ReactNode } from "react";
import { TitledCard } from "@/components/ui/titled-card";

export const NamedCard = ({ id, name, children }: { id: string; name: string; children: ReactNode }) => (
  <TitledCard id={id} title={name} wrap>
    {children}
  </TitledCard>
);
