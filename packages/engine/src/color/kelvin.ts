/** The lowest colour temperature the `temperature` adjustment takes, in kelvin. */
export const TEMPERATURE_MIN = 1000;
/** The highest colour temperature the `temperature` adjustment takes, in kelvin. */
export const TEMPERATURE_MAX = 40000;
/** The colour temperature that leaves colours unchanged (it maps to white, 255/255/255). */
export const TEMPERATURE_NEUTRAL = 6600;

const clampByte = (value: number): number => (value < 0 ? 0 : value > 255 ? 255 : value);

/**
 * The RGB colour of a black body at `kelvin`, by Tanner Helland's curve fit, exactly as
 * Hyperion.ng computes it so adjusted colours match: the temperature is clamped to
 * 1000…40000 K and taken in whole hundreds (6650 K counts as 6600 K), each channel is
 * truncated and clamped to 0…255. 6600 K gives (255, 255, 255).
 */
export function kelvinToRgb(kelvin: number): [number, number, number] {
  const k = Number.isFinite(kelvin) ? kelvin : TEMPERATURE_NEUTRAL;
  const t = Math.trunc(Math.min(TEMPERATURE_MAX, Math.max(TEMPERATURE_MIN, k)) / 100);
  const red = t <= 66 ? 255 : Math.trunc(329.698727446 * (t - 60) ** -0.1332047592);
  const green =
    t <= 66
      ? Math.trunc(99.4708025861 * Math.log(t) - 161.1195681661)
      : Math.trunc(288.1221695283 * (t - 60) ** -0.0755148492);
  const blue =
    t >= 66 ? 255 : t <= 19 ? 0 : Math.trunc(138.5177312231 * Math.log(t - 10) - 305.0447927307);
  return [clampByte(red), clampByte(green), clampByte(blue)];
}
