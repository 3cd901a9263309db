#!/bin/sh
# `npm install` runs this (package.json's prepare) to point git at the hooks kept in the repository,
# .githooks/ (the commit-msg check), in this clone. It changes nothing where it has no business:
#   - no git on PATH (the Docker build), or this folder is not the top of a git checkout (a tarball, an
#     export, a folder inside some other repository, whose hooks are not ours to change);
#   - core.hooksPath already set to another folder, or hooks of someone's own in .git/hooks (a hooks
#     path of ours would stop them running): it says so in one line and leaves them.
set -eu
cd "$(dirname "$0")/.."
command -v git >/dev/null 2>&1 || exit 0
top=$(git rev-parse --show-toplevel 2>/dev/null) || exit 0
[ "$top" = "$(pwd -P)" ] || exit 0

current=$(git config --get core.hooksPath || true)
[ "$current" = .githooks ] && exit 0
if [ -n "$current" ]; then
  echo "git-hooks: core.hooksPath is $current here, so the project's commit-msg check (.githooks/) is not wired; leaving it."
  exit 0
fi
own=$(find "$(git rev-parse --git-path hooks)" -maxdepth 1 -type f ! -name '*.sample' 2>/dev/null | head -n 1)
if [ -n "$own" ]; then
  echo "git-hooks: $(dirname "$own") has hooks of its own, so the project's commit-msg check (.githooks/) is not wired; leaving them."
  exit 0
fi
git config core.hooksPath .githooks
