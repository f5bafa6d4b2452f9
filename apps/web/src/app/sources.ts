/** How the web UI sets colours and effects, the same on every page. */

/** Who sets them, as the server lists it among the priorities (4 to 20 characters). */
export const ORIGIN = 'Glowkit web';
/** The priority offered first: Hyperion.ng's web UI uses 50 too. */
export const DEFAULT_PRIORITY = 50;
