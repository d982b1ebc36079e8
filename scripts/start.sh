#!/usr/bin/env bash
# Builds the pages and the server once, then starts the compiled server on its embedded defaults
# (PGlite under ./data, demo data).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build --silent >/dev/null
export NODE_ENV="${NODE_ENV:-production}"
export SEED_DEMO="${SEED_DEMO:-true}"
exec node "${BUILD_DIR:-build}/server/main.js"
