#!/usr/bin/env bash
# Browser tests use Debian's Chromium (Playwright never downloads a browser here).
# Installs it with apt-get when it is missing and we are root; otherwise says how.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing: install it (sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
