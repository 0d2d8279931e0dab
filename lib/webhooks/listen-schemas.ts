// The two calls of `npm run listen` (scripts/listen.ts): POST /v1/webhooks/listen and POST /v1/webhooks/listen/attempts.
import { z } from "zod";
import { EXCERPT_CHARS } from "./delivery-policy.ts";
import { LISTEN_MAX_WAIT_SECONDS, LISTENER_SESSION_PATTERN } from "./listener.ts";

export const ListenBody = z
  .object({
    session: z
      .string()
      .regex(LISTENER_SESSION_PATTERN, "A session id is 8 to 64 letters, digits, - and _.")
      .describe("The listener's session id, chosen by the listener and kept for its whole run: each event is handed to a session once."),
    since: z.coerce
      .date()
      // a date PostgreSQL can compare with (the fuzz sweep sent +275760-09-13, JavaScript's last date: a 500)
      .max(new Date("9999-12-31T23:59:59.999Z"), "must be a date before the year 10000")
      .optional()
      .describe(
        "Hand out the test events created at or after this time (the `since` the first call answered). Omitted: the call only answers where the session starts (now).",
      ),
    waitSeconds: z
      .number()
      .int()
      .min(0)
      .max(LISTEN_MAX_WAIT_SECONDS)
      .default(0)
      .describe(
        `How long to wait for an event when none is waiting (long polling; npm run listen asks for ${LISTEN_MAX_WAIT_SECONDS}). Default 0: answer at once.`,
      ),
    limit: z.number().int().min(1).max(50).default(20).describe("The most deliveries handed out by one call."),
  })
  .strict();

export const ListenResult = z.object({
  data: z.object({
    since: z.string().describe("Where the session starts: pass it as `since` on every later call (a reconnecting listener too)."),
    deliveries: z
      .array(
        z.object({
          deliveryId: z.string(),
          eventId: z.string(),
          event: z.string().describe("The event name (x-service-event)."),
          createdAt: z.string(),
          headers: z
            .record(z.string(), z.string())
            .describe("The request headers to send, signatures included, exactly as a delivery to the endpoint carries them."),
          body: z.string().describe("The request body, byte for byte (the signed payload)."),
        }),
      )
      .describe("Deliveries to forward, oldest first; report each one's answer with POST /v1/webhooks/listen/attempts."),
  }),
});

export const ListenAttemptBody = z
  .object({
    deliveryId: z.string().trim().min(1).max(128),
    statusCode: z.number().int().min(100).max(599).nullable().describe("The local receiver's status; null when it could not be reached."),
    latencyMs: z.number().int().min(0).max(3_600_000),
    responseExcerpt: z
      .string()
      .max(EXCERPT_CHARS * 4)
      .nullable()
      .optional(),
    error: z.string().max(500).nullable().optional().describe("Why the local receiver could not be reached (connection refused, timed out)."),
  })
  .strict();

export const ListenAttemptResult = z.object({
  data: z.object({
    deliveryId: z.string(),
    status: z.enum(["succeeded", "failed"]),
    recorded: z.boolean().describe("false: the answer of this delivery had been reported already (nothing changed)."),
  }),
});
