// Every /portal page. It adds nothing to the browser's JavaScript: the one part that polls (a campaign's
// operation progress) brings its own TanStack Query client (components/portal/query-provider.tsx), so the
// Overview and the other pages ship no query library (docs/decisions/portal-i18n-and-charts.md).
import type { ReactNode } from "react";

const PortalLayout = ({ children }: { children: ReactNode }) => children;

export default PortalLayout;
