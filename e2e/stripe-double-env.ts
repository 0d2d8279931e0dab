// The Stripe double of the end-to-end tests (tests/support/stripe-double): the fixed port it listens on and the
// settings playwright.config.ts gives the server so that its live card path talks to it. The server is a production
// build (`npm start`), so STRIPE_API_BASE_IN_PRODUCTION=1 is needed for STRIPE_API_BASE to count (lib/stripe/client.ts);
// the key is a test key (a live key is never sent to STRIPE_API_BASE). Specs that pay live start the double on this
// port (e2e/stripe-live.spec.ts); other specs never reach it.
export const STRIPE_DOUBLE_PORT = Number(process.env.E2E_STRIPE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000);
export const STRIPE_DOUBLE_WEBHOOK_SECRET = "whsec_e2e_stripe_double";

export const stripeDoubleServerEnv = {
  STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_DOUBLE_PORT}`,
  STRIPE_API_BASE_IN_PRODUCTION: "1",
  STRIPE_SECRET_KEY: "sk_test_e2e_stripe_double",
  STRIPE_WEBHOOK_SECRET: STRIPE_DOUBLE_WEBHOOK_SECRET,
};
