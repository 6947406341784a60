/** Launch options for Debian's Chromium (see chromium.cjs). */
declare const launchOptions: { executablePath: string; args: string[] };
export = launchOptions;
