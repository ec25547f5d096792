import { ratio, Summary } from './stats';

/** A goal printed next to a figure; the run does not fail when it is missed. */
export interface Target {
  text: string;
  met: boolean | null;
}

export interface MeasuredRow {
  label: string;
  summary: Summary;
  target?: Target;
}

/** `figure <= limit`; not met when there is no figure. */
export const atMost = (text: string, figure: number | null, limit: number): Target => ({ text, met: figure === null ? null : figure <= limit });
/** `figure >= limit`; not met when there is no figure. */
export const atLeast = (text: string, figure: number | null, limit: number): Target => ({ text, met: figure === null ? null : figure >= limit });

export const targetCell = (target?: Target): string => (target ? `${target.text}: ${target.met === null ? 'no figure' : target.met ? 'met' : 'NOT met'}` : '');
export const ms = (value: number): string => `${Math.abs(value) < 10 ? value.toFixed(1) : Math.round(value)} ms`;
export const times = (value: number | null): string => (value === null ? 'n/a' : value >= 100 ? `${Math.round(value)}x` : `${value.toFixed(value >= 10 ? 0 : 1)}x`);
export const percent = (value: number | null): string => (value === null ? 'n/a' : `${Math.round(value * 100)}%`);

/** Lateness rows, each followed by its ratio to the baseline row, under one header. */
export function latencyTable(baseline: MeasuredRow, rows: readonly MeasuredRow[]): string {
  const lines: string[][] = [['', 'count', 'p50', 'p99', 'max', 'target (not asserted)'], cells(baseline)];
  for (const row of rows) {
    lines.push(cells(row));
    const { p50, p99, max } = row.summary;
    lines.push(['  x the baseline', '', times(ratio(p50, baseline.summary.p50)), times(ratio(p99, baseline.summary.p99)), times(ratio(max, baseline.summary.max)), '']);
  }
  return table(lines, [0, 5]);
}

/** Rows without a baseline, e.g. where the time goes between two recorded steps. */
export function spanTable(rows: readonly MeasuredRow[]): string {
  return table([['', 'count', 'p50', 'p99', 'max'], ...rows.map((row) => cells(row).slice(0, 5))]);
}

function cells({ label, summary, target }: MeasuredRow): string[] {
  return [label, String(summary.count), ms(summary.p50), ms(summary.p99), ms(summary.max), targetCell(target)];
}

/** Text columns (the first by default) left-aligned, figures right-aligned, each padded to its widest cell. */
export function table(lines: readonly string[][], textColumns: readonly number[] = [0]): string {
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => (line[column] ?? '').length)));
  return lines
    .map((line) =>
      line
        .map((cell, column) => (textColumns.includes(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('   ')
        .trimEnd(),
    )
    .map((line) => `  ${line}`)
    .join('\n');
}
