import { terminalSafe } from '../../../shared/util/terminal-text.ts';

/** Plain-text table for terminal output; columns sized to their widest cell. Cells are outside text: made terminal-safe and bounded here. */
export function formatTable(headers: readonly string[], rawRows: readonly (readonly string[])[]): string {
  const rows = rawRows.map((r) => r.map((cell) => terminalSafe(cell)));
  const widths = headers.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
