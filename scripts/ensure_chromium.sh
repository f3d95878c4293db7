#!/usr/bin/env bash
# Browser tests drive Debian's chromium; install it when missing and we may (root + apt-get).
# Playwright's own browser download does not work on these machines, so it is never used.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Note: /usr/bin/chromium is missing and cannot be installed here; browser tests will be skipped." >&2
fi
