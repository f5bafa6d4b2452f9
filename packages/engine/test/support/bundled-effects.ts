/** The names of the 16 definitions in the repository's effects/ folder, sorted as the catalogue lists them. */
export const BUNDLED_EFFECT_NAMES = [
  'Campfire',
  'Comet',
  'Gas Flame',
  'Ice Pulse',
  'Morse Message',
  'Palette Journey',
  'Party Twinkle',
  'Rainbow Wave',
  'Red Alert',
  'Ring Clock',
  'Scanner',
  'Sparkling Comet',
  'Starry Night',
  'Theatre Chase',
  'Warm Pulse',
  'White Strobe',
] as const;
