// Input of the endpoint-management services, shared by the portal (and any /v1 route that may call them).
import { z } from "zod";

/** An event name (e.g. Purchases.Completed, platform.distribution.cancelled, Webhook.Ping). */
export const EventType = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_.]{0,99}$/, "An event name is letters, digits, dots and underscores, e.g. Purchases.Completed.");

/** The filter of an endpoint: the event names it receives; empty: every event. */
export const EventTypes = z
  .array(EventType)
  .max(50)
  .transform((list) => [...new Set(list)].sort());

export const EndpointUrl = z.string().trim().min(1, "Enter the endpoint's URL.").max(2000);

export const CreateEndpointInput = z.object({
  url: EndpointUrl,
  eventTypes: EventTypes.default([]),
  description: z.string().trim().max(200).default(""),
});

export const UpdateEndpointInput = z
  .object({
    url: EndpointUrl.optional(),
    eventTypes: EventTypes.optional(),
    description: z.string().trim().max(200).optional(),
    enabled: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "send at least one of url, eventTypes, description, enabled" });

export const DeliveryFilter = z.object({
  endpointId: z.string().max(64).optional(),
  event: EventType.optional(),
  status: z.enum(["pending", "retrying", "succeeded", "failed"]).optional(),
  since: z.coerce.date().optional(),
  until: z.coerce.date().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const RecoverInput = z.object({ endpointId: z.string().min(1).max(64), since: z.coerce.date() });

// The /v1 webhook routes (beyond the spec: docs/decisions/webhooks.md)
export const DeliveryParams = z.object({
  deliveryId: z.string().trim().min(1).max(128).describe("The delivery's id: the x-service-delivery-id header of a webhook you received."),
});

export const Resent = z.object({
  data: z.object({
    deliveryId: z.string().describe("The new delivery's id."),
    eventId: z.string().describe("The event's id (x-service-event-id), the same as the resent delivery's."),
  }),
});

export const RecoverBody = z.object({
  since: z.coerce.date().describe("Failed deliveries created at or after this time (ISO 8601) are sent again."),
  endpointId: z.string().trim().min(1).max(128).optional().describe("One of the game's endpoints; the primary endpoint (the game's webhookUrl) when left out."),
});

export const Recovered = z.object({
  data: z.object({
    recovered: z.number().int().describe("How many failed deliveries were sent again, each as a new delivery of its event."),
    deliveryIds: z.array(z.string()).describe("The new deliveries' ids, oldest event first."),
    more: z.boolean().describe("More than 1000 matched: call again to recover the rest."),
  }),
});
