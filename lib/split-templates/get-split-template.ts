import type { TargetContext } from "../core/context.ts";
import { findSplitTemplate } from "./find-split-template.ts";
import { serializeSplitTemplate } from "./serialize-split-template.ts";

export const getSplitTemplate = async (ctx: TargetContext, { templateId }: { templateId: string }) =>
  serializeSplitTemplate(await findSplitTemplate(ctx, { templateId }));

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_SPLIT_TEMPLATE_ERRORS } from "./find-split-template.ts";
export const GET_SPLIT_TEMPLATE_ERRORS = [...FIND_SPLIT_TEMPLATE_ERRORS] as const satisfies readonly ErrorCode[];
