#!/usr/bin/env bash
# Pre-release only (nothing deployed yet): regenerates prisma/migrations/20261122000000_init from
# prisma/schema.prisma, keeping the hand-written migrations after it. Needs the dev database
# (embedded, or DATABASE_URL) for the shadow database.
set -euo pipefail
cd "$(dirname "$0")/../.."
keep=$(mktemp -d)
for d in prisma/migrations/*/; do
  case "$d" in *_init/) ;; *) cp -r "$d" "$keep/" ;; esac
done
rm -rf prisma/migrations/*/
npx tsx scripts/migrate.ts create init >/dev/null
mv prisma/migrations/*_init prisma/migrations/20261122000000_init
cp -r "$keep"/* prisma/migrations/
rm -rf "$keep"
echo "regenerated prisma/migrations/20261122000000_init"
