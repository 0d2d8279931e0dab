-- The language an account chose for the developer portal ("en", "fr"); null follows the browser.
ALTER TABLE "Player" ADD COLUMN "locale" TEXT;
