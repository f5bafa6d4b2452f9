/** The name of a backup downloaded on `date`: `glowkit-backup-2025-01-31.json` (local date). */
export function backupFileName(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `glowkit-backup-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.json`;
}
