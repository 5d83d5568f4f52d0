#!/usr/bin/env bash
# Make sure clang-14, its libFuzzer runtime (the fuzz preset), and LLVM's
# OpenMP runtime with its Archer tool (the tsan preset) are installed: from
# Debian's packages clang-14, libclang-rt-14-dev and libomp-14-dev, installed
# with apt-get when missing (as root, or through sudo).
set -euo pipefail
have_clang() {
  command -v clang-14 >/dev/null 2>&1 &&
    [ -f "$(clang-14 -print-resource-dir)/lib/linux/libclang_rt.fuzzer-$(uname -m).a" ] &&
    [ -f /usr/lib/llvm-14/lib/libomp.so ] && [ -f /usr/lib/llvm-14/lib/libarcher.so ]
}
if have_clang; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
  SUDO="sudo"
fi
echo "ensure_clang: installing clang-14, libclang-rt-14-dev and libomp-14-dev (Debian packages)"
export DEBIAN_FRONTEND=noninteractive
PACKAGES="clang-14 libclang-rt-14-dev libomp-14-dev"
if ! $SUDO apt-get install -y -q $PACKAGES >/dev/null; then
  $SUDO apt-get update -q >/dev/null
  $SUDO apt-get install -y -q $PACKAGES >/dev/null
fi
have_clang || { echo "ensure_clang: clang-14's libFuzzer runtime or libomp's Archer is still missing" >&2; exit 1; }
