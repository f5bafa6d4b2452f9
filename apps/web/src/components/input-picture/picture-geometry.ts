import type { PictureBorder } from '@glowkit/protocol';

/**
 * The width and height of a PNG data URL, from its header (the IHDR chunk's first 8 bytes, at
 * 16–23), without decoding the picture; undefined for anything else.
 */
export function pngSize(url: string): { width: number; height: number } | undefined {
  const prefix = 'data:image/png;base64,';
  if (!url.startsWith(prefix)) return undefined;
  let bytes: string;
  try {
    // 32 base64 characters are the first 24 bytes.
    bytes = atob(url.slice(prefix.length, prefix.length + 32));
  } catch {
    return undefined;
  }
  if (bytes.length < 24 || bytes.slice(12, 16) !== 'IHDR') return undefined;
  const u32 = (at: number) =>
    ((bytes.charCodeAt(at) << 24) |
      (bytes.charCodeAt(at + 1) << 16) |
      (bytes.charCodeAt(at + 2) << 8) |
      bytes.charCodeAt(at + 3)) >>>
    0;
  const width = u32(16);
  const height = u32(20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/**
 * Where a picture of `size` lies in a box of aspect `box` (width / height) when it is fitted
 * whole and centred: its insets and size as percentages of the box, for an absolutely placed
 * element.
 */
export function fitOf(
  size: { width: number; height: number },
  box: number,
): { left: string; top: string; width: string; height: string } {
  const aspect = size.width / size.height;
  const width = aspect >= box ? 1 : aspect / box;
  const height = aspect >= box ? box / aspect : 1;
  const pct = (n: number) => `${Math.round(n * 10000) / 100}%`;
  return {
    left: pct((1 - width) / 2),
    top: pct((1 - height) / 2),
    width: pct(width),
    height: pct(height),
  };
}

/**
 * The black border in words, for the text alternative of its drawing: "Black border: 31 px top
 * and bottom" (and/or left and right), in the pushed picture's pixels.
 */
export function borderText(
  border: PictureBorder,
  t: (key: string, vars?: Record<string, unknown>) => string,
): string {
  const rows = border.top > 0 || border.bottom > 0;
  const columns = border.left > 0 || border.right > 0;
  if (rows && columns) {
    return t('web_input_picture_border_both', { rows: border.top, columns: border.left });
  }
  if (rows) return t('web_input_picture_border_rows', { rows: border.top });
  if (columns) return t('web_input_picture_border_columns', { columns: border.left });
  return '';
}
