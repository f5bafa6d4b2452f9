/**
 * How the System page writes its figures: sizes in binary units, percentages and milliseconds
 * with one or two decimals, an uptime in days, hours and minutes, and the bundle's file name.
 */

const UNITS = ['B', 'KiB', 'MiB', 'GiB'] as const;

/** `123456789` → `"117.7 MiB"`; `null` → `"—"`. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** `3.25` → `"3.3 %"`; `null` → `"—"`. */
export function formatPercent(percent: number | null | undefined): string {
  return percent === null || percent === undefined ? '—' : `${percent.toFixed(1)} %`;
}

/** `0.134` → `"0.13 ms"`; `null` → `"—"`. */
export function formatMs(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '—' : `${ms.toFixed(2)} ms`;
}

/** `93784` → `"1 d 2 h 3 min"`; less than a minute → `"42 s"`. */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h ${minutes} min`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${Math.floor(seconds)} s`;
}

/** The bundle's file name, with the local date and time: `glowkit-diagnostics-2026-11-28-134501.json`. */
export function bundleFileName(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  const time = `${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
  return `glowkit-diagnostics-${date}-${time}.json`;
}

/** How often the page reads the figures while it is shown, ms. */
export const REFRESH_MS = 3000;
