#!/usr/bin/env bash
# Installs, from Debian's archive, whatever lud64 needs to build and test that
# is missing; does nothing when everything is present.
set -euo pipefail

packages=(cmake ninja-build g++ libgtest-dev libgmock-dev libbenchmark-dev libabsl-dev
  libopenmpi-dev openmpi-bin pybind11-dev python3-dev python3-numpy python3-pytest
  python3-venv python3-setuptools python3-pip python3-wheel  # pip install . (pyproject.toml)
  python3-torch python3-matplotlib  # python/examples/train_policy_value.py
  clang-16 libclang-rt-16-dev  # the asan and tsan presets, and fuzz/
  libcpp-httplib-dev nlohmann-json3-dev  # lud64 serve
  chromium)  # lud64 serve's end-to-end test (tools/lud64/serve/e2e/), with node and npm
missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
# Node.js and npm from Debian, unless some other node (with its npm) is installed.
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)

# The end-to-end test's npm packages (puppeteer-core, pinned by its
# package-lock.json), from npm's cache once it holds them.
install_e2e_packages() {
  local e2e
  e2e="$(dirname "$0")/lud64/serve/e2e"
  if [ -f "$e2e/package-lock.json" ] && [ ! -d "$e2e/node_modules/puppeteer-core" ]; then
    echo "setup: npm ci in $e2e" >&2
    (cd "$e2e" && npm ci --prefer-offline --no-audit --no-fund >&2)
  fi
}

if [ ${#missing[@]} -eq 0 ]; then
  install_e2e_packages
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
install_e2e_packages
