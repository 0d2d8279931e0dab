import type { Environment } from "@/lib/core/environment";

/** `path` in `environment`: the switch is the `env` search parameter (test by default). */
export const envHref = (path: string, environment: Environment) => (environment === "live" ? `${path}?env=live` : path);

/** The environment a portal URL asks for: live only when it says so. */
export const environmentOf = (env: string | string[] | undefined): Environment => (env === "live" ? "live" : "test");
