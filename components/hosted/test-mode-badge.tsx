import { Badge } from "@/components/ui/badge";

/** Marks a page acting on test-environment objects: nothing real happens there. */
export const TestModeBadge = () => (
  <Badge tone="warning" dot>
    Test mode
  </Badge>
);
