#!/usr/bin/env bash
# Builds the pages and starts the server on its embedded defaults (PGlite under ./data, demo data).
set -euo pipefail
cd "$(dirname "$0")/.."
npx react-router build >/dev/null
export NODE_ENV="${NODE_ENV:-production}"
export SEED_DEMO="${SEED_DEMO:-true}"
exec npx tsx server/main.ts
