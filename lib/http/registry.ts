import type { z } from "zod";
import type { ErrorCode } from "../core/errors.ts";

export type RegisteredRoute = {
  method: string;
  path: string;
  summary: string;
  /** a longer explanation, shown above the generated lines on authentication, scope and idempotency */
  description?: string;
  /** an operation beyond the spec: marked x-coinop-addition in the API document */
  addition?: boolean;
  deprecated?: { since: Date; sunset: Date; link: string };
  tags: string[];
  auth: string | readonly string[];
  scope?: string;
  targetBusiness?: boolean | "campaign";
  beforeActivation?: boolean;
  idempotency: "required" | "optional" | "none" | "service";
  serviceIdempotencyKey?: boolean;
  replays?: boolean;
  errors?: readonly ErrorCode[];
  bodyType?: "json" | "multipart";
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: {
    status: number;
    schema?: z.ZodType;
    description?: string;
    location?: boolean;
    contentType?: string;
    headers?: Record<string, { description: string; required?: boolean }>;
    alternate?: { status: number; description: string };
  };
};

const routes: Map<string, RegisteredRoute> = ((globalThis as { __coinopRoutes?: Map<string, RegisteredRoute> }).__coinopRoutes ??= new Map());

/** Every route declaration registers itself here; the OpenAPI document is built from this list. */
export const registerRoute = (def: RegisteredRoute) => {
  routes.set(`${def.method} ${def.path}`, def);
};

export const registeredRoutes = (): RegisteredRoute[] => [...routes.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
