import type { SplitTemplate } from "../db/generated/client.ts";
import { serializeRecipient, type StoredRecipient } from "./recipients.ts";
import type { SplitMode, SplitTemplateResource } from "./schemas.ts";

export const serializeSplitTemplate = (t: SplitTemplate): SplitTemplateResource => {
  const recipients = t.recipients as StoredRecipient[];
  return {
    _id: t.id,
    name: t.name,
    mode: t.mode as SplitMode,
    recipients: recipients.map(serializeRecipient),
    recipientCount: recipients.length,
    isArchived: t.isArchived,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
};

/** The data of the Platform.SplitTemplate.* events. */
export const splitTemplateEventData = (t: SplitTemplate) => ({
  templateId: t.id,
  businessId: t.businessId,
  name: t.name,
  mode: t.mode,
  recipientCount: (t.recipients as unknown[]).length,
});
