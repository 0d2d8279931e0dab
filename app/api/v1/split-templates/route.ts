// GET /v1/split-templates: the game's business's non-archived split templates (server key)
import { route } from "@/lib/http/route";
import { listGameSplitTemplates } from "@/lib/split-templates/list-game-split-templates";
import { SplitTemplateList } from "@/lib/split-templates/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/split-templates",
  summary: "List split templates",
  tags: ["Products"],
  auth: "server",
  idempotency: "none",
  response: { status: 200, schema: SplitTemplateList },
  handler: async ({ ctx }) => listGameSplitTemplates(ctx),
});
