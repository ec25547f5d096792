import { formatFigure } from '../../figures';
import { type AccountSeries, axisTop } from './analytics-data';

/** The drawing's own units (it scales to the width of its card). */
const WIDTH = 720;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 44 };
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;
/** At most this many day labels under the axis, evenly spaced. */
const DAY_LABELS = 6;

/** One colour per account, in turn: each at least 3:1 against white. */
export const SERIES_COLOURS = ['#1f5fbf', '#b3261e', '#1d6b35', '#8a5a00', '#6b3fa0', '#00707a'];

export const colourOf = (index: number): string => SERIES_COLOURS[index % SERIES_COLOURS.length];

/**
 * The measure per day of publishing, a bar per account that published that day: no bar where an
 * account published nothing or does not report the figure, a flat mark where it is 0. Each bar
 * names its account, day and figure; the table beside it gives the same per account in words.
 */
export function FiguresChart({ days, series, names, measure }: { days: readonly string[]; series: readonly AccountSeries[]; names: ReadonlyMap<number, string>; measure: string }) {
  const highest = Math.max(0, ...series.flatMap((one) => one.values.filter((value): value is number => value !== null)));
  const top = axisTop(highest);
  const band = PLOT_WIDTH / Math.max(1, days.length);
  const barWidth = (band * 0.8) / Math.max(1, series.length);
  const y = (value: number) => MARGIN.top + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT;
  const ticks = top >= 2 ? [0, top / 2, top] : [0, top];
  const labelEvery = Math.max(1, Math.ceil(days.length / DAY_LABELS));
  const title = `${measure} per day of publishing, per account, ${days[0]} to ${days.at(-1)}`;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line class="grid" x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} />
            <text class="axis" x={MARGIN.left - 6} y={y(tick) + 4} text-anchor="end">
              {formatFigure(tick)}
            </text>
          </g>
        ))}
        {days.map((day, index) =>
          index % labelEvery === 0 ? (
            <text key={day} class="axis" x={MARGIN.left + band * (index + 0.5)} y={HEIGHT - 8} text-anchor="middle">
              {day.slice(5)}
            </text>
          ) : null,
        )}
        {series.flatMap((one, position) =>
          one.values.map((value, index) => {
            if (value === null) return null;
            const x = MARGIN.left + band * index + band * 0.1 + barWidth * position;
            const height = Math.max(1.5, y(0) - y(value));
            return (
              <rect key={`${one.accountId}-${days[index]}`} class="bar" data-account={one.accountId} x={x} y={y(0) - height} width={Math.max(1, barWidth - 1)} height={height} fill={colourOf(position)}>
                <title>{`${names.get(one.accountId) ?? `Account ${one.accountId}`}, ${days[index]}: ${formatFigure(value)}`}</title>
              </rect>
            );
          }),
        )}
      </svg>
      <figcaption>
        <span class="visually-hidden">{title}. </span>
        <ul class="legend" aria-label="Accounts in the chart">
          {series.map((one, position) => (
            <li key={one.accountId}>
              <span class="swatch" style={{ background: colourOf(position) }} aria-hidden="true" />
              {names.get(one.accountId) ?? `Account ${one.accountId}`}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
