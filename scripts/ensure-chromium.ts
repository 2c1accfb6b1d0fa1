// Browser tests drive Debian's Chromium; install it when missing (test tools may not download browsers here).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium.ts';

if (!existsSync(chromiumPath)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Browser tests need Chromium at ${chromiumPath}. Install it with: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium for the browser tests (apt-get install chromium)...');
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const apt = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (apt.status !== 0) {
      console.error(
        `apt-get ${args.join(' ')} failed; install Chromium by hand: apt-get install -y chromium`,
      );
      process.exit(1);
    }
  }
}
