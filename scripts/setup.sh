#!/usr/bin/env bash
# Installs the Debian 12 packages the build and the tests need, and nothing
# else. Safe to run repeatedly: it asks apt only for what is missing.
set -euo pipefail

PKGS=(
  build-essential cmake pkg-config python3 ccache
  verilator iverilog yosys
  gcc-arm-none-eabi libnewlib-arm-none-eabi binutils-arm-none-eabi
  libibverbs-dev librdmacm-dev ibverbs-utils rdmacm-utils perftest
  tshark
  iproute2 util-linux
)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
# tshark asks whether non-root users may capture; answer no without a prompt.
echo "wireshark-common wireshark-common/install-setuid boolean false" | $SUDO debconf-set-selections
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
