// Debian's Chromium, as every browser test and the benchmark launch it (test tools never download a browser here).
export const chromiumPath = '/usr/bin/chromium';

/** Headless as root in a sandboxed machine, with nothing reaching for the network on its own. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
