// What the browser actually painted, read back from a screenshot: for tests of what people see
// (a swatch's colour, an outline that shows), which computed styles cannot tell.
import { page } from 'vitest/browser';

/** The pixels of an element as the browser painted it. */
export async function pixelsOf(element: Element): Promise<{
  width: number;
  height: number;
  at(x: number, y: number): [number, number, number];
}> {
  const image = new Image();
  image.src = `data:image/png;base64,${await page.screenshot({ element, save: false })}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d') as CanvasRenderingContext2D;
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  return {
    width: image.width,
    height: image.height,
    at: (x, y) => {
      const i = (y * image.width + x) * 4;
      return [data[i] as number, data[i + 1] as number, data[i + 2] as number];
    },
  };
}

/** The distinct colours painted inside an element, its outer sixth on each side left out. */
export async function paintedColours(element: Element): Promise<Array<[number, number, number]>> {
  const pixels = await pixelsOf(element);
  const inset = Math.ceil(pixels.width / 6);
  const seen = new Map<string, [number, number, number]>();
  for (let y = inset; y < pixels.height - inset; y++) {
    for (let x = inset; x < pixels.width - inset; x++) {
      const rgb = pixels.at(x, y);
      seen.set(rgb.join(), rgb);
    }
  }
  return [...seen.values()];
}
