/**
 * One LED of Hyperion's `leds` layout: the part of the picture its colour is taken from, as
 * fractions of the picture's width (`h`) and height (`v`), 0 at the left and top.
 */
export interface LedArea {
  hmin: number;
  hmax: number;
  vmin: number;
  vmax: number;
}

/** Numbers stored per LED in {@link ledRects}: two rectangles, `x, y, width, height` each. */
export const RECT_STRIDE = 8;

/** The smallest side, in device pixels, from which an LED gets notched (rounded-looking) corners. */
const NOTCH_FROM_PX = 6;

/** A fraction of the picture, clamped into 0..1 (a broken entry draws as an empty area). */
const fraction = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;

/**
 * Where each LED is drawn on a canvas of `width` × `height` device pixels: its area, snapped to
 * whole pixels and inset by a small gap, so neighbours stay apart and every frame paints exactly
 * the same pixels (nothing needs clearing between frames, no anti-aliased edge blends with the
 * previous colour). Each LED is two rectangles forming a cross, which cuts its corners: a rounded
 * look from two `fillRect`s, far cheaper than a rounded path. Small LEDs get one rectangle (the
 * second has width 0).
 *
 * Computed when the layout or the canvas size changes, never per frame.
 *
 * @param layout - the LED areas, in LED order.
 * @param width - the canvas width in device pixels.
 * @param height - the canvas height in device pixels.
 * @param pixelRatio - device pixels per CSS pixel (the corner cut is sized in CSS pixels).
 * @returns {@link RECT_STRIDE} integers per LED.
 */
export function ledRects(
  layout: readonly LedArea[],
  width: number,
  height: number,
  pixelRatio = 1,
): Int32Array {
  const rects = new Int32Array(layout.length * RECT_STRIDE);
  layout.forEach((led, i) => {
    const x0 = Math.round(fraction(led?.hmin) * width);
    const x1 = Math.round(fraction(led?.hmax) * width);
    const y0 = Math.round(fraction(led?.vmin) * height);
    const y1 = Math.round(fraction(led?.vmax) * height);
    const left = Math.min(x0, x1);
    const top = Math.min(y0, y1);
    let w = Math.abs(x1 - x0);
    let h = Math.abs(y1 - y0);
    // A gap of about a tenth of the LED's short side, at least a pixel when the LED has room.
    const gap = Math.min(w, h) >= 4 ? Math.max(1, Math.round(Math.min(w, h) * 0.1)) : 0;
    const x = left + gap;
    const y = top + gap;
    // An area too thin to see still shows as one pixel: an LED is never invisible.
    w = Math.max(1, w - 2 * gap);
    h = Math.max(1, h - 2 * gap);
    const o = i * RECT_STRIDE;
    const short = Math.min(w, h);
    if (short >= NOTCH_FROM_PX) {
      // A corner cut of about a tenth of the short side, at most 2 CSS pixels: reads as a
      // rounded corner, where a deeper step would read as a notch.
      const notch = Math.max(1, Math.min(Math.round(short / 10), Math.round(2 * pixelRatio)));
      rects.set([x + notch, y, w - 2 * notch, h, x, y + notch, w, h - 2 * notch], o);
    } else {
      rects.set([x, y, w, h, 0, 0, 0, 0], o);
    }
  });
  return rects;
}
