/**
 * What a picture input's client may clear, the same for every protocol: its own priority or -1,
 * and either removes only what this client set. One grabber cannot switch off another's picture
 * or a user's colour (Hyperion.ng clears any priority, and -1 clears every colour and effect).
 */

/**
 * Why a client may not clear `priority`; undefined when it may. `own` is the last priority the
 * client used (kept after a clear, so that a repeated clear — HyperionScreenCap sends two — is
 * not refused).
 */
export function clearRefusal(priority: number, own: number | undefined): string | undefined {
  if (priority === -1 || priority === own) return undefined;
  return `Priority ${priority} is not this client's: a client clears only its own priority (${own ?? 'none registered'}) or -1`;
}
