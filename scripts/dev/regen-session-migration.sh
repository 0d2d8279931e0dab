#!/usr/bin/env bash
# Regenerates the newest, not yet landed migration (prisma/migrations/20261122100000_players_commerce)
# from prisma/schema.prisma: landed migrations are never rewritten, this one is until it lands. Uses
# DATABASE_URL for the shadow database, or the machine's PostgreSQL when it answers, or the embedded one.
set -euo pipefail
cd "$(dirname "$0")/../.."
name=20261122100000_players_commerce
exec 9>/tmp/coinop-regen-migration.lock
flock 9
rm -rf "prisma/migrations/$name"
if [ -z "${DATABASE_URL:-}" ] && pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  export DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
fi
npx tsx scripts/migrate.ts create players_commerce >/dev/null
mv prisma/migrations/*_players_commerce "prisma/migrations/$name"
npm run -s db:generate >/dev/null
echo "regenerated prisma/migrations/$name and the Prisma client"
