// How every test and benchmark launches Debian's Chromium: never a downloaded browser, and
// none of the background traffic this closed network would refuse.
module.exports = {
  executablePath: '/usr/bin/chromium',
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
