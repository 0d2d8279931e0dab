"use client";
// TanStack Query for the portal's client data (the data a part polls or fetches after the page rendered): one
// QueryClient per part, made once. Pages render their data on the server; only a live part is wrapped in it
// (a campaign's operation progress), so no other page loads the library.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

export const PortalQueryProvider = ({ children }: { children: ReactNode }) => {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
};
