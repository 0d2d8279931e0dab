"use client";
// TanStack Query for the portal's client data (the data a page polls or fetches after it rendered): one
// QueryClient per browser tab, made once. Pages render their data on the server; only live parts use it.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

export const PortalQueryProvider = ({ children }: { children: ReactNode }) => {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 2, refetchOnWindowFocus: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
};
