// Every /portal page: the TanStack Query client for the parts of a page that poll (components/portal/query-provider.tsx).
import type { ReactNode } from "react";
import { PortalQueryProvider } from "@/components/portal/query-provider";

const PortalLayout = ({ children }: { children: ReactNode }) => <PortalQueryProvider>{children}</PortalQueryProvider>;

export default PortalLayout;
