// `npm test`'s container step (issue 44 §4, decision 0075): builds the image from the Dockerfile and runs it
// (apps/server/test/container-image-run.test.ts). Where podman or the base image is missing it makes them
// (scripts/container-base.sh, as root: Debian's podman, runc and debootstrap, and a Node 20 base from Debian's
// packages); it is skipped, saying why, only where no container runtime can be installed: not root, or no apt-get.
import { execFileSync, spawnSync } from 'node:child_process';

const base = process.env.CONTAINER_BASE_IMAGE ?? 'localhost/node-trixie:20';
const succeeds = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const ready = () => succeeds('podman', ['--version']) && succeeds('podman', ['image', 'exists', base]);

if (!ready()) {
  const root = process.getuid?.() === 0;
  const apt = succeeds('sh', ['-c', 'command -v apt-get']);
  if (!root || !apt) {
    console.log(
      `container image: skipped: podman or its base image ${base} is missing and ${root ? 'there is no apt-get' : 'this is not root'}, ` +
        'so no container runtime can be installed here (as root: sh scripts/container-base.sh, then npm test)',
    );
    process.exit(0);
  }
  const started = Date.now();
  console.log(`container image: making podman and the base image ${base} (scripts/container-base.sh)…`);
  execFileSync('sh', ['scripts/container-base.sh'], { stdio: 'inherit' });
  console.log(`container image: base made in ${Math.round((Date.now() - started) / 1000)} s`);
}

const test = spawnSync('npx', ['vitest', 'run', 'apps/server/test/container-image-run.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, CONTAINER_TEST: '1' },
});
process.exit(test.status ?? 1);
