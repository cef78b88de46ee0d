# Sourced by .ci/run and .ci/start: stops with one sentence when Node.js is missing or too old.
need_major=20 need_minor=19
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "RouteLens needs Node.js ${need_major}.${need_minor} or newer with npm (Debian/Ubuntu: https://nodejs.org, or 'sudo apt-get install nodejs npm' where that version is packaged)." >&2
  exit 1
fi
version=$(node -p 'process.versions.node')
major=${version%%.*}; rest=${version#*.}; minor=${rest%%.*}
if [ "$major" -lt "$need_major" ] || { [ "$major" -eq "$need_major" ] && [ "$minor" -lt "$need_minor" ]; }; then
  echo "RouteLens needs Node.js ${need_major}.${need_minor} or newer; this machine has ${version}." >&2
  exit 1
fi
