import { ratio, Summary } from './stats';

export interface MeasuredRow {
  label: string;
  summary: Summary;
}

const ms = (value: number): string => `${Math.round(value)} ms`;
const times = (value: number | null): string => (value === null ? 'n/a' : value >= 100 ? `${Math.round(value)}x` : `${value.toFixed(1)}x`);

/** Lateness rows, each followed by its ratio to the baseline row, under one header. */
export function latencyTable(baseline: MeasuredRow, rows: readonly MeasuredRow[]): string {
  const lines: string[][] = [['', 'posts', 'p50', 'p99', 'max'], cells(baseline)];
  for (const row of rows) {
    lines.push(cells(row));
    const { p50, p99, max } = row.summary;
    lines.push([
      '  ratio to the setTimeout baseline',
      '',
      times(ratio(p50, baseline.summary.p50)),
      times(ratio(p99, baseline.summary.p99)),
      times(ratio(max, baseline.summary.max)),
    ]);
  }
  return table(lines);
}

/** Rows without a baseline: where the time goes between two recorded steps. */
export function stageTable(rows: readonly MeasuredRow[]): string {
  return table([['', 'posts', 'p50', 'p99', 'max'], ...rows.map(cells)]);
}

function cells({ label, summary }: MeasuredRow): string[] {
  return [label, String(summary.count), ms(summary.p50), ms(summary.p99), ms(summary.max)];
}

/** First column left-aligned, the others right-aligned, columns padded to their widest cell. */
export function table(lines: readonly string[][]): string {
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => (line[column] ?? '').length)));
  return lines
    .map((line) => line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   '))
    .join('\n');
}
