import { kelvinToRgb } from './kelvin.js';

/**
 * The numbers of one colour adjustment that shape its transform (a `channelAdjustment` entry
 * without its `id` and `leds`), already checked and in range.
 */
export interface TransformSettings {
  white: readonly [number, number, number];
  red: readonly [number, number, number];
  green: readonly [number, number, number];
  blue: readonly [number, number, number];
  cyan: readonly [number, number, number];
  magenta: readonly [number, number, number];
  yellow: readonly [number, number, number];
  gammaRed: number;
  gammaGreen: number;
  gammaBlue: number;
  backlightThreshold: number;
  backlightColored: boolean;
  brightness: number;
  brightnessCompensation: number;
  saturationGain: number;
  brightnessGain: number;
  temperature: number;
}

/**
 * The brightness each corner of the colour cube may reach, from `brightness` b (0…100) and
 * `brightnessCompensation` c (0…100), as Hyperion.ng computes them: with
 * `B_in = b < 50 ? 7.5 − 0.09b : 5 − 0.04b`, primaries get `ceil(min(255, 255/B_in))`, mixed
 * colours (cyan, magenta, yellow) `ceil(min(255, 255/(B_in(1 + c/100))))` and white
 * `ceil(min(255, 255/(B_in(1 + 2c/100))))`, so that with compensation a white LED draws no more
 * than a red one. b = 0 gives 0 everywhere.
 */
export function brightnessComponents(
  brightness: number,
  compensation: number,
): { rgb: number; cmy: number; w: number } {
  if (!(brightness > 0)) return { rgb: 0, cmy: 0, w: 0 };
  const bIn = brightness < 50 ? 7.5 - 0.09 * brightness : 5 - 0.04 * brightness;
  const component = (factor: number): number => Math.ceil(Math.min(255, 255 / (bIn * factor)));
  return {
    rgb: component(1),
    cmy: component(1 + compensation / 100),
    w: component(1 + (2 * compensation) / 100),
  };
}

/** The gamma lookup table of one channel: `trunc(255·(c/255)^γ)` for c = 0…255. */
export function gammaTable(gamma: number): Uint8Array {
  const table = new Uint8Array(256);
  for (let c = 0; c < 256; c++) table[c] = Math.trunc(255 * (c / 255) ** gamma);
  return table;
}

/**
 * The backlight floor for a `backlightThreshold` of 0…100 %: `trunc(255·(2^(2t) − 1)/3)` with
 * t = threshold/100, so 50 % gives 85 and 100 % gives 255. 0 means no backlight.
 */
export function backlightFloor(threshold: number): number {
  return Math.trunc((255 * (2 ** ((2 * threshold) / 100) - 1)) / 3);
}

// ---- OkHSV (Björn Ottosson's perceptual HSV, the space ng applies its gains in) ----

const K1 = 0.206;
const K2 = 0.03;
const K3 = (1 + K1) / (1 + K2);

/** Oklab lightness with a toe that makes it match CIE lightness near black. */
const toe = (x: number): number =>
  0.5 * (K3 * x - K1 + Math.sqrt((K3 * x - K1) * (K3 * x - K1) + 4 * K2 * K3 * x));
const toeInv = (x: number): number => (x * x + K1 * x) / (K3 * (x + K2));

const srgbToLinear = (c: number): number =>
  c > 0.04045 ? ((c + 0.055) / 1.055) ** 2.4 : c / 12.92;
const linearToSrgb = (c: number): number =>
  c > 0.0031308 ? 1.055 * c ** (1 / 2.4) - 0.055 : 12.92 * c;

function oklabToLinear(L: number, a: number, b: number): [number, number, number] {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

function linearToOklab(r: number, g: number, b: number): [number, number, number] {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

/** The largest saturation C/L inside the sRGB gamut for hue (a, b), a unit vector. */
function maxSaturation(a: number, b: number): number {
  // A polynomial first guess per limiting channel, then one Halley step.
  let k: [number, number, number, number, number];
  let w: [number, number, number];
  if (-1.88170328 * a - 0.80936493 * b > 1) {
    k = [1.19086277, 1.76576728, 0.59662641, 0.75515197, 0.56771245];
    w = [4.0767416621, -3.3077115913, 0.2309699292];
  } else if (1.81444104 * a - 1.19445276 * b > 1) {
    k = [0.73956515, -0.45954404, 0.08285427, 0.1254107, 0.14503204];
    w = [-1.2684380046, 2.6097574011, -0.3413193965];
  } else {
    k = [1.35733652, -0.00915799, -1.1513021, -0.50559606, 0.00692167];
    w = [-0.0041960863, -0.7034186147, 1.707614701];
  }
  const S = k[0] + k[1] * a + k[2] * b + k[3] * a * a + k[4] * a * b;
  const kl = 0.3963377774 * a + 0.2158037573 * b;
  const km = -0.1055613458 * a - 0.0638541728 * b;
  const ks = -0.0894841775 * a - 1.291485548 * b;
  const l_ = 1 + S * kl;
  const m_ = 1 + S * km;
  const s_ = 1 + S * ks;
  const f = w[0] * l_ ** 3 + w[1] * m_ ** 3 + w[2] * s_ ** 3;
  const f1 = 3 * (w[0] * kl * l_ * l_ + w[1] * km * m_ * m_ + w[2] * ks * s_ * s_);
  const f2 = 6 * (w[0] * kl * kl * l_ + w[1] * km * km * m_ + w[2] * ks * ks * s_);
  return S - (f * f1) / (f1 * f1 - 0.5 * f * f2);
}

/** S and T of the gamut triangle's cusp for hue (a, b): the slopes towards black and white. */
function cuspSlopes(a: number, b: number): { S: number; T: number } {
  const sCusp = maxSaturation(a, b);
  const [r, g, bl] = oklabToLinear(1, sCusp * a, sCusp * b);
  const L = Math.cbrt(1 / Math.max(r, g, bl));
  const C = L * sCusp;
  return { S: C / L, T: C / (1 - L) };
}

/** The scale that maps the triangle's top edge onto the curved gamut boundary. */
function gamutScale(lvt: number, cvt: number, a: number, b: number): number {
  const [r, g, bl] = oklabToLinear(lvt, a * cvt, b * cvt);
  return Math.cbrt(1 / Math.max(r, g, bl, 0));
}

/** OkHSV hue (0…1), saturation and value of an sRGB colour given as bytes. */
export function srgbToOkhsv(red: number, green: number, blue: number): [number, number, number] {
  const [L, a, b] = linearToOklab(
    srgbToLinear(red / 255),
    srgbToLinear(green / 255),
    srgbToLinear(blue / 255),
  );
  const C = Math.sqrt(a * a + b * b);
  // Greys have no hue; ng's formula divides by C = 0 there, so handle them apart.
  if (C < 1e-7) return [0, 0, L > 0 ? toe(L) : 0];
  const a_ = a / C;
  const b_ = b / C;
  const h = 0.5 + (0.5 * Math.atan2(-b, -a)) / Math.PI;
  const { S: sMax, T: tMax } = cuspSlopes(a_, b_);
  const s0 = 0.5;
  const k = 1 - s0 / sMax;
  const t = tMax / (C + L * tMax);
  const lv = t * L;
  const cv = t * C;
  const lvt = toeInv(lv);
  const cvt = (cv * lvt) / lv;
  // Undo the step that maps the triangle onto the curved gamut, then the toe.
  const scale = gamutScale(lvt, cvt, a_, b_);
  const v = toe(L / scale) / lv;
  const s = ((s0 + tMax) * cv) / (tMax * s0 + tMax * k * cv);
  return [h, s, v];
}

const toByte = (c: number): number => Math.round(Math.min(1, Math.max(0, c)) * 255);

/** The sRGB bytes of an OkHSV colour (hue 0…1, saturation and value 0…1). */
export function okhsvToSrgb(h: number, s: number, v: number): [number, number, number] {
  if (!(v > 0)) return [0, 0, 0];
  const a_ = Math.cos(2 * Math.PI * h);
  const b_ = Math.sin(2 * Math.PI * h);
  const { S: sMax, T: tMax } = cuspSlopes(a_, b_);
  const s0 = 0.5;
  const k = 1 - s0 / sMax;
  const lv = 1 - (s * s0) / (s0 + tMax - tMax * k * s);
  const cv = (s * tMax * s0) / (s0 + tMax - tMax * k * s);
  let L = v * lv;
  let C = v * cv;
  const lvt = toeInv(lv);
  const cvt = (cv * lvt) / lv;
  const lNew = toeInv(L);
  C = (C * lNew) / L;
  L = lNew;
  const scale = gamutScale(lvt, cvt, a_, b_);
  L *= scale;
  C *= scale;
  const [r, g, b] = oklabToLinear(L, C * a_, C * b_);
  return [toByte(linearToSrgb(r)), toByte(linearToSrgb(g)), toByte(linearToSrgb(b))];
}

// ---- one adjustment's transform ----

/** Corner order of the decomposition tables. */
const CORNERS = ['red', 'green', 'blue', 'cyan', 'magenta', 'yellow', 'white'] as const;

/**
 * The precomputed transform of one colour adjustment: gamma tables, the per-corner tables of the
 * colour-cube decomposition (brightness and target colours folded in), the temperature tables
 * and the backlight floor. Everything depends only on the settings, so {@link transform} is a
 * handful of lookups per LED.
 */
export class RgbTransform {
  /** Whether the OkHSV gains are both 1, so that step is skipped. */
  readonly okhsvIdentity: boolean;
  readonly #saturationGain: number;
  readonly #brightnessGain: number;
  /** 3 × 256: red, green, blue gamma. */
  readonly #gamma = new Uint8Array(3 * 256);
  /** 7 corners × 3 channels × 256 weights: `min(255, trunc(B·w·target/255²))`. */
  readonly #corners = new Uint8Array(CORNERS.length * 3 * 256);
  /** 3 × 256: `trunc(c·T/255)` with T the temperature's colour. */
  readonly #temperature = new Uint8Array(3 * 256);
  readonly #floor: number;
  readonly #colored: boolean;
  /** Scratch for one LED's corner weights; storing truncates them like ng's integer division. */
  readonly #weights = new Int32Array(7);

  constructor(settings: TransformSettings) {
    this.#saturationGain = settings.saturationGain;
    this.#brightnessGain = settings.brightnessGain;
    this.okhsvIdentity = settings.saturationGain === 1 && settings.brightnessGain === 1;
    this.#gamma.set(gammaTable(settings.gammaRed), 0);
    this.#gamma.set(gammaTable(settings.gammaGreen), 256);
    this.#gamma.set(gammaTable(settings.gammaBlue), 512);
    const b = brightnessComponents(settings.brightness, settings.brightnessCompensation);
    const limits = [b.rgb, b.rgb, b.rgb, b.cmy, b.cmy, b.cmy, b.w];
    CORNERS.forEach((corner, index) => {
      const target = settings[corner];
      const limit = limits[index] as number;
      for (let ch = 0; ch < 3; ch++) {
        const base = (index * 3 + ch) * 256;
        const t = target[ch] as number;
        for (let w = 0; w < 256; w++) {
          this.#corners[base + w] = Math.min(255, Math.trunc((limit * w * t) / 65025));
        }
      }
    });
    const kelvin = kelvinToRgb(settings.temperature);
    for (let ch = 0; ch < 3; ch++) {
      const t = kelvin[ch] as number;
      for (let c = 0; c < 256; c++) this.#temperature[ch * 256 + c] = Math.trunc((c * t) / 255);
    }
    this.#floor = backlightFloor(settings.backlightThreshold);
    this.#colored = settings.backlightColored;
  }

  /**
   * Transforms the LED whose red byte is at `frame[i]`, in place: OkHSV gains (only when not 1),
   * gamma, the decomposition into the 8 corners of the colour cube weighted towards each
   * corner's target and brightness, temperature, then the backlight floor when `backlight`.
   */
  transform(frame: Uint8Array, i: number, backlight: boolean): void {
    let r = frame[i] as number;
    let g = frame[i + 1] as number;
    let b = frame[i + 2] as number;
    if (!this.okhsvIdentity) {
      const [h, s, v] = srgbToOkhsv(r, g, b);
      [r, g, b] = okhsvToSrgb(
        h,
        Math.min(1, Math.max(0, s * this.#saturationGain)),
        Math.min(1, Math.max(0, v * this.#brightnessGain)),
      );
    }
    const gamma = this.#gamma;
    r = gamma[r] as number;
    g = gamma[256 + g] as number;
    b = gamma[512 + b] as number;

    // Weights of the cube's corners (they sum to about 255); the black corner adds nothing.
    const nr = 255 - r;
    const ng = 255 - g;
    const nb = 255 - b;
    const rng = r * ng;
    const nrg = nr * g;
    const rg = r * g;
    const weights = this.#weights;
    weights[0] = (rng * nb) / 65025;
    weights[1] = (nrg * nb) / 65025;
    weights[2] = (nr * ng * b) / 65025;
    weights[3] = (nrg * b) / 65025;
    weights[4] = (rng * b) / 65025;
    weights[5] = (rg * nb) / 65025;
    weights[6] = (rg * b) / 65025;
    const corners = this.#corners;
    let outR = 0;
    let outG = 0;
    let outB = 0;
    for (let c = 0; c < 7; c++) {
      const w = weights[c] as number;
      if (w === 0) continue;
      const base = c * 768 + w;
      outR += corners[base] as number;
      outG += corners[base + 256] as number;
      outB += corners[base + 512] as number;
    }
    // Targets are bytes and the weights sum to at most 255, so the sums fit a byte; the mask
    // only documents the uint8 arithmetic ng does.
    const temperature = this.#temperature;
    r = temperature[outR & 255] as number;
    g = temperature[256 + (outG & 255)] as number;
    b = temperature[512 + (outB & 255)] as number;

    const floor = this.#floor;
    if (backlight && floor > 0 && r + g + b < 3 * floor) {
      if (this.#colored) {
        if (r < floor) r = floor;
        if (g < floor) g = floor;
        if (b < floor) b = floor;
      } else {
        r = floor;
        g = floor;
        b = floor;
      }
    }
    frame[i] = r;
    frame[i + 1] = g;
    frame[i + 2] = b;
  }
}
