// How every browser test and benchmark starts Chromium: Debian's package (no browser can be
// downloaded on these machines), headless, and without the background networking that a closed
// network refuses. Never add --user-data-dir: playwright already starts from a fresh profile.

/** Path of the Chromium executable: CHROMIUM_PATH, else Debian's. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Command-line flags for a quiet, offline, headless Chromium. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** playwright-core launch options built from the two above. */
export const chromiumLaunchOptions = { executablePath: chromiumPath, args: chromiumArgs };
