#!/usr/bin/env bash
# Every check, in the order that fails fastest: lint, types, unit tests, the integration suite on
# PGlite and on PostgreSQL, then the end-to-end suite in Chromium against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-packages.sh
[ -d node_modules ] || npm install --no-audit --no-fund

step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }

# Route types first: knip (unused code) resolves the generated ./+types imports.
step "lint (Biome, import boundaries, unused code, OpenAPI)"; npx react-router typegen >/dev/null && npm run lint --silent
step "build"; npm run build --silent >/dev/null
step "typecheck"; npx react-router typegen >/dev/null && npx tsc --noEmit
step "unit and integration tests (PGlite and PostgreSQL)"
bash scripts/with-postgres.sh npx vitest run
step "end-to-end tests (Chromium)"
npx playwright test
