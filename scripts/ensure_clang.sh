#!/usr/bin/env bash
# Make sure clang-14 and its libFuzzer runtime are installed (the fuzz
# preset's compiler): from Debian's packages clang-14 and libclang-rt-14-dev,
# installed with apt-get when missing (as root, or through sudo).
set -euo pipefail
have_clang() {
  command -v clang-14 >/dev/null 2>&1 &&
    [ -f "$(clang-14 -print-resource-dir)/lib/linux/libclang_rt.fuzzer-$(uname -m).a" ]
}
if have_clang; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
  SUDO="sudo"
fi
echo "ensure_clang: installing clang-14 and libclang-rt-14-dev (Debian packages)"
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y -q clang-14 libclang-rt-14-dev >/dev/null; then
  $SUDO apt-get update -q >/dev/null
  $SUDO apt-get install -y -q clang-14 libclang-rt-14-dev >/dev/null
fi
have_clang || { echo "ensure_clang: libFuzzer's runtime is still missing" >&2; exit 1; }
