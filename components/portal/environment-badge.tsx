// The environment a portal page or list item is in: the amber test badge, or "Live".
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { Badge } from "@/components/ui/badge";
import type { Environment } from "@/lib/core/environment";

export const EnvironmentBadge = ({ environment }: { environment: Environment }) =>
  environment === "test" ? <TestModeBadge /> : <Badge tone="success">Live</Badge>;
