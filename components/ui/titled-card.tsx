// A card headed by its title (an h2 the card is labelled by), then its content. `wrap` lets a long name
// (a game's, a campaign's) break anywhere instead of widening the card.
import type { ReactNode } from "react";
import { Card } from "./card";

export const TitledCard = ({ id, title, wrap = false, children }: { id: string; title: string; wrap?: boolean; children: ReactNode }) => (
  <Card labelledBy={id}>
    <h2 id={id} className={`text-lg font-semibold ${wrap ? "[overflow-wrap:anywhere] " : ""}text-slate-900`}>
      {title}
    </h2>
    {children}
  </Card>
);
