#!/usr/bin/env bash
# Runs a command on another Node version: scripts/with-node.sh 24 npx vitest run --project unit
#
# The version is a major (22, 24) or an exact version (24.21.0). The Node build comes from the npm
# registry, which publishes each release as the package node-<platform>-<arch> (the binary in
# bin/node); `npm pack` fetches it and checks its integrity, no install script runs and nothing
# is installed globally. It is kept in a cache outside the repository (LITTLELOOP_NODE_CACHE, by
# default ~/.cache/littleloop/node/<version>), so only the first run downloads: delete that
# folder for a newer patch release. The command then runs with that Node first on PATH, so
# `node`, `npx`, `npm run` and the workers Vitest starts all use it. Exits 2 when the Node build
# cannot be fetched or does not run.
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: scripts/with-node.sh <major or version> <command> [args...]" >&2
  exit 2
fi
spec="$1"
shift
if ! [[ "$spec" =~ ^[0-9]+(\.[0-9]+){0,2}$ ]]; then
  echo "with-node: '$spec' is not a Node major or version (22, 24, 24.21.0)" >&2
  exit 2
fi

case "$(uname -s)" in
  Linux) platform=linux ;;
  Darwin) platform=darwin ;;
  *) echo "with-node: no Node build on the npm registry for $(uname -s)" >&2; exit 2 ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "with-node: no Node build on the npm registry for $(uname -m)" >&2; exit 2 ;;
esac
package="node-$platform-$arch"

cache="${LITTLELOOP_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/littleloop/node}"
dir="$cache/$spec"

if [ ! -x "$dir/bin/node" ]; then
  mkdir -p "$cache"
  work="$(mktemp -d "$cache/.download.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  echo "with-node: fetching $package@$spec from the npm registry" >&2
  if ! (cd "$work" && npm pack "$package@$spec" --silent --pack-destination "$work" >"$work/name"); then
    echo "with-node: could not fetch $package@$spec from the npm registry" >&2
    exit 2
  fi
  tarball="$work/$(tail -n 1 "$work/name")"
  mkdir "$work/node"
  if ! tar -xzf "$tarball" -C "$work/node" --strip-components=1 || [ ! -x "$work/node/bin/node" ]; then
    echo "with-node: $tarball holds no bin/node" >&2
    exit 2
  fi
  # Another run may have finished the same download meanwhile: keep the first one in place.
  if [ ! -x "$dir/bin/node" ]; then
    rm -rf "$dir"
    mv "$work/node" "$dir"
  fi
  rm -rf "$work"
  trap - EXIT
fi

version="$("$dir/bin/node" --version 2>/dev/null || true)"
case "$version" in
  "v$spec" | "v$spec".*) ;;
  *)
    echo "with-node: $dir/bin/node is '${version:-not runnable}', not Node $spec" >&2
    exit 2
    ;;
esac

export PATH="$dir/bin:$PATH"
exec "$@"
