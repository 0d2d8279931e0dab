// Fails when prisma/schema.prisma and prisma/migrations disagree (a schema change without its
// migration, or a hand edit of a generated migration).
import { describe, expect, it } from "vitest";
import { migrationsToSchemaDiff } from "../lib/db/migrate.ts";

describe("migrations", () => {
  it("replaying prisma/migrations in a shadow database gives exactly schema.prisma", async () => {
    const sql = await migrationsToSchemaDiff(process.env.DATABASE_URL!);
    expect(sql, `schema.prisma has changes without a migration; run npm run db:migrate -- create NAME:\n${sql}`).toBe("");
  }, 60_000);
});
