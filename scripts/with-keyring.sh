#!/usr/bin/env bash
# Runs a command where a Secret Service (gnome-keyring) answers on the D-Bus
# session bus, so the keychain tests talk to a real keyring:
#   bash scripts/with-keyring.sh npx vitest run test/integration/keychain-secret-service.test.ts
# If the current session already has an unlocked Secret Service, the command
# just runs. Otherwise a private bus is started with dbus-run-session and a
# throwaway keyring (its own XDG_DATA_HOME, so the user's keyrings are never
# touched), unlocked with a fixed test password. The bus and the daemon end
# with the command.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

# True when a Secret Service already runs on the session bus and its default
# collection is unlocked. Ownership is checked first because a plain call would
# make the bus auto-start a keyring daemon with the caller's environment.
secret_service_ready() {
  [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || return 1
  command -v dbus-send >/dev/null 2>&1 || return 1
  local reply
  reply=$(timeout 5 dbus-send --session --print-reply --dest=org.freedesktop.DBus \
    /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null) || return 1
  grep -q 'boolean true' <<<"$reply" || return 1
  reply=$(timeout 5 dbus-send --session --print-reply --dest=org.freedesktop.secrets \
    /org/freedesktop/secrets/aliases/default org.freedesktop.DBus.Properties.Get \
    string:org.freedesktop.Secret.Collection string:Locked 2>/dev/null) || return 1
  grep -q 'boolean false' <<<"$reply"
}

if [ "${ROUTELENS_WITH_KEYRING_INNER:-}" != 1 ]; then
  if secret_service_ready; then
    exec "$@"
  fi
  for tool in dbus-run-session dbus-send gnome-keyring-daemon; do
    command -v "$tool" >/dev/null 2>&1 || {
      echo "$0: $tool not found (Debian/Ubuntu: apt install dbus gnome-keyring libsecret-tools)" >&2
      exit 127
    }
  done
  export ROUTELENS_WITH_KEYRING_INNER=1
  # (dbus-daemon may print a harmless "Failed to set fd limit" warning.)
  exec dbus-run-session -- bash "$0" "$@"
fi
unset ROUTELENS_WITH_KEYRING_INNER

keyring_home=$(mktemp -d "${TMPDIR:-/tmp}/routelens-keyring.XXXXXX")
# The daemon keeps its keyring files under XDG_DATA_HOME/keyrings and its control
# socket under XDG_RUNTIME_DIR; both point into the throwaway directory, while the
# command keeps the caller's values.
daemon_env=$(echo -n routelens-ci |
  XDG_DATA_HOME="$keyring_home" XDG_RUNTIME_DIR="$keyring_home" gnome-keyring-daemon --unlock --components=secrets)
while IFS= read -r line; do
  case "$line" in
    *=*) export "${line?}" ;;
  esac
done <<<"$daemon_env"

# The daemon registers on the bus asynchronously; wait until it answers (about 5 s at most).
for _ in $(seq 1 50); do
  secret_service_ready && break
  sleep 0.1
done
if ! secret_service_ready; then
  echo "$0: gnome-keyring-daemon did not provide an unlocked Secret Service" >&2
  exit 1
fi

# The keyring directory goes away with this shell; the command runs as a child so that can happen.
trap 'rm -rf "$keyring_home"' EXIT
"$@"
