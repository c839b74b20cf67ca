// backoffice.md §2 and §9: file sizes in Bytes, KB, MB or GB, with pt-PT decimals ('1,5 MB').

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;
const STEP = 1024;
const number = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 2, useGrouping: false });

/** 0 -> '0 Bytes', 1536 -> '1,5 KB', 1572864 -> '1,5 MB'; anything that is not a size -> '—'. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let unit = 0;
  let value = bytes;
  while (unit < UNITS.length - 1 && value >= STEP) {
    value /= STEP;
    unit++;
  }
  // 1023,999 KB would round to '1024 KB': say '1 MB' instead.
  if (unit < UNITS.length - 1 && Number(value.toFixed(2)) >= STEP) {
    value /= STEP;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} ${Math.round(value) === 1 ? 'Byte' : 'Bytes'}`;
  return `${number.format(value)} ${UNITS[unit]}`;
}
