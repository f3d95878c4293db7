#!/usr/bin/env bash
# Debian packages the tests use: chromium (browser tests, driven by Playwright; its own
# browser download does not work on these machines) and gettext (the catalogue test runs
# makemessages, which needs xgettext). Installed when missing and we may (root + apt-get).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v xgettext >/dev/null || missing+=(gettext)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian packages for the tests: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "Note: missing ${missing[*]} and cannot install here; the tests needing them skip." >&2
fi
