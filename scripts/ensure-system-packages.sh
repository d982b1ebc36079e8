#!/usr/bin/env bash
# Installs the Debian packages the test suite needs when they are missing: Chromium for the
# end-to-end tests, PostgreSQL for the integration suite on a machine without a server, the
# DejaVu fonts the share cards are drawn with, and Java for the Nu Html Checker (vnu-jar,
# tests/integration/valid-html.int.test.ts), and
# the PostgreSQL client tools the backups use.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
# The share cards (server/platform/share-card.ts) set their text in DejaVu Sans.
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
if ! command -v pg_ctl >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  need+=(postgresql)
fi
# pg_dump and pg_restore for npm run db:backup / db:restore against PostgreSQL (decision 0101).
command -v pg_dump >/dev/null 2>&1 || need+=(postgresql-client)
[ "${#need[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${need[*]}. Install them with: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
echo "Installing system packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
