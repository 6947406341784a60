// How every test and benchmark launches Debian's Chromium: never a downloaded browser, and
// none of the background traffic this closed network would refuse.
//
// Debian's `chromium-headless-shell` (the old headless mode, what Playwright itself runs
// headless) is preferred: the same Blink, without the full browser's window and compositor
// machinery, it takes a quarter less time over the e2e suite on two cores. `chromium` is the
// fallback for a machine that has only the browser.
const { existsSync } = require('node:fs');

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

module.exports = {
  executablePath: existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
