#!/bin/sh
# Makes a base image for the Dockerfile (its NODE_IMAGE) from Debian's packages alone, for a machine that reaches
# Debian's mirror but not Docker Hub: Debian trixie (its nodejs is 20.19, its npm 9) with a user `node` (uid and
# gid 1000) and `CMD ["node"]`, the shape of the official node:20 images that the Dockerfile relies on. Nothing is
# downloaded but Debian's packages. docs/operations.md (The container image) and decision 0075 explain its use.
#
#   sh scripts/container-base.sh                   (as root) -> localhost/node-trixie:20 in podman
#   podman build --format docker --build-arg NODE_IMAGE=localhost/node-trixie:20 -t journals-platform .
#
# Environment: CONTAINER_BASE_IMAGE (the tag to make, default localhost/node-trixie:20), CONTAINER_BASE_DIR (where
# the root file system is made, outside the repository: default /var/tmp/journals-node-trixie), DEBIAN_MIRROR
# (default http://deb.debian.org/debian). Installs podman, runc and debootstrap with apt-get where they are missing.
# Run again, it remakes the image; the root file system is removed once imported.
set -eu

IMAGE="${CONTAINER_BASE_IMAGE:-localhost/node-trixie:20}"
ROOTFS="${CONTAINER_BASE_DIR:-/var/tmp/journals-node-trixie}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

if [ "$(id -u)" != 0 ]; then
  echo "container-base.sh: run as root (debootstrap and chroot need it)" >&2
  exit 1
fi
if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v debootstrap >/dev/null; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q podman runc debootstrap
fi

rm -rf "$ROOTFS"
debootstrap --variant=minbase --include=ca-certificates trixie "$ROOTFS" "$MIRROR"
# A TLS-inspecting proxy between this machine and the npm registry: the build's `npm ci` must trust its CA as this
# machine does (the certificates an administrator added here; none on an ordinary machine).
if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
  cp /usr/local/share/ca-certificates/*.crt "$ROOTFS/usr/local/share/ca-certificates/"
  chroot "$ROOTFS" update-ca-certificates
fi
chroot "$ROOTFS" sh -c 'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends nodejs npm'
chroot "$ROOTFS" sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
chroot "$ROOTFS" sh -c 'apt-get clean && rm -rf /var/lib/apt/lists/*'
echo "container-base.sh: node $(chroot "$ROOTFS" node --version), npm $(chroot "$ROOTFS" npm --version)"

tar -C "$ROOTFS" -c . | podman import \
  --change 'CMD ["node"]' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  - "$IMAGE"
rm -rf "$ROOTFS"
echo "container-base.sh: made $IMAGE"
