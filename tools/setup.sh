#!/usr/bin/env bash
# Installs, from Debian's archive, whatever lud64 needs to build and test that
# is missing; does nothing when everything is present.
set -euo pipefail

packages=(cmake ninja-build g++ libgtest-dev libgmock-dev libbenchmark-dev libabsl-dev
  libopenmpi-dev openmpi-bin pybind11-dev python3-dev python3-numpy python3-pytest
  python3-venv python3-setuptools python3-pip python3-wheel  # pip install . (pyproject.toml)
  python3-torch python3-matplotlib  # python/examples/train_policy_value.py
  clang-16 libclang-rt-16-dev)  # the asan and tsan presets, and fuzz/
missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
