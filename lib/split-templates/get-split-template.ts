import type { TargetContext } from "../core/context.ts";
import { findSplitTemplate } from "./find-split-template.ts";
import { serializeSplitTemplate } from "./serialize-split-template.ts";

export const getSplitTemplate = async (ctx: TargetContext, { templateId }: { templateId: string }) =>
  serializeSplitTemplate(await findSplitTemplate(ctx, { templateId }));
