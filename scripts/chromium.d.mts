/** Path of the Chromium executable: CHROMIUM_PATH, else Debian's. */
export declare const chromiumPath: string;
/** Command-line flags for a quiet, offline, headless Chromium. */
export declare const chromiumArgs: string[];
/** playwright-core launch options built from the two above. */
export declare const chromiumLaunchOptions: { executablePath: string; args: string[] };
