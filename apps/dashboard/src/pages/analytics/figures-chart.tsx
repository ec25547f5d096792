import { useEffect, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatFigure } from '../../figures';
import { type AccountSeries, accountName, axisTop, chartSummary, dayAt, secondsOfDay } from './analytics-data';

/** The plot's height in CSS pixels; its width is its card's. */
const HEIGHT = 240;
/** The narrowest the plot is drawn, in CSS pixels (a phone's card is wider). */
const NARROWEST = 240;
const HALF_DAY_SECONDS = 43_200;
const DAY_SECONDS = 2 * HALF_DAY_SECONDS;
/** Steps between the y axis's ticks: whole figures, 1, 2 or 5 times a power of ten. */
const FIGURE_STEPS = [1, 2, 5].flatMap((step) => Array.from({ length: 10 }, (_, power) => step * 10 ** power)).sort((a, b) => a - b);
/** Steps between the x axis's ticks: whole days, then weeks and months of days. */
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91, 182].map((days) => days * DAY_SECONDS);

/** One colour per account, in turn: each at least 3:1 against white. */
export const SERIES_COLOURS = ['#1f5fbf', '#b3261e', '#1d6b35', '#8a5a00', '#6b3fa0', '#00707a'];

export const colourOf = (index: number): string => SERIES_COLOURS[index % SERIES_COLOURS.length];

/** A colour of the page's style sheet (a custom property of :root), for what the canvas draws. */
const pageColour = (name: string): string => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

interface ChartProps {
  days: readonly string[];
  series: readonly AccountSeries[];
  names: ReadonlyMap<number, string>;
  /** The measure's words: `Likes`, `Engagement (likes + …)`. */
  measure: string;
}

/** uPlot's options: days (UTC) along x, one line per account with a point on each day it published, the figure from 0 up. */
function optionsOf({ days, series, names }: ChartProps, width: number, onPoint: (index: number | null) => void): uPlot.Options {
  const axisColour = pageColour('--muted');
  const gridColour = pageColour('--line');
  const axis = { stroke: axisColour, grid: { stroke: gridColour, width: 1 }, ticks: { stroke: gridColour, width: 1 }, font: '11px system-ui, sans-serif' };
  const first = secondsOfDay(days[0]);
  const last = secondsOfDay(days.at(-1) ?? days[0]);
  return {
    width,
    height: HEIGHT,
    // Days are UTC, as the API counts them, whatever the browser's zone.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 10 } },
    scales: {
      // Half a day either side, so that the first and last days' points are drawn whole.
      x: { time: true, range: () => [first - HALF_DAY_SECONDS, last + HALF_DAY_SECONDS] },
      y: { range: (_plot, _min, max) => [0, axisTop(max ?? 0)] },
    },
    axes: [
      { ...axis, incrs: DAY_STEPS, values: (_plot, ticks) => ticks.map((tick) => dayAt(tick).slice(5)) },
      { ...axis, incrs: FIGURE_STEPS, values: (_plot, ticks) => ticks.map((tick) => formatFigure(tick)) },
    ],
    series: [
      {},
      ...series.map((one, position) => ({
        label: accountName(names, one.accountId),
        stroke: colourOf(position),
        width: 2,
        // No line across a day without a post: it has no figure, not 0.
        spanGaps: false,
        points: { show: true, size: 8, fill: colourOf(position) },
      })),
    ],
    hooks: { setCursor: [(plot) => onPoint(plot.cursor.idx ?? null)] },
  };
}

/** The figures of the day at `index`: each account that has one, or `no figure`. */
function readingOf(series: readonly AccountSeries[], names: ReadonlyMap<number, string>, index: number): string {
  const figures = series.flatMap((one) => (one.values[index] === null ? [] : [`${accountName(names, one.accountId)} ${formatFigure(one.values[index])}`]));
  return figures.length === 0 ? 'no figure' : figures.join(', ');
}

/**
 * The measure per day of publishing, a line per account drawn by uPlot on a canvas: a point on
 * each day the account published, no line across a day without a post or for a figure it does not
 * report. The canvas is an image named by a summary of each account's figures; the table beside
 * it gives them per account in words, and pointing at a day writes that day's figures below.
 */
export function FiguresChart(props: ChartProps) {
  const { days, series, names, measure } = props;
  const host = useRef<HTMLDivElement>(null);
  const [pointed, setPointed] = useState<number | null>(null);
  const summary = chartSummary(days, series, names, measure);
  // The drawing changes when its days, values or names do (the page computes new arrays on every render).
  const drawing = JSON.stringify([days, series.map((one) => [one.accountId, one.values]), [...names], measure]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const widthOf = () => Math.max(NARROWEST, element.clientWidth);
    const plot = new uPlot(optionsOf(props, widthOf(), setPointed), [days.map(secondsOfDay), ...series.map((one) => one.values)], element);
    plot.ctx.canvas.setAttribute('role', 'img');
    plot.ctx.canvas.setAttribute('aria-label', summary);
    const resizing = new ResizeObserver(() => {
      if (plot.width !== widthOf()) plot.setSize({ width: widthOf(), height: HEIGHT });
    });
    resizing.observe(element);
    return () => {
      resizing.disconnect();
      plot.destroy();
      setPointed(null);
    };
  }, [drawing]);

  const day = pointed === null ? null : days[pointed];
  return (
    <figure class="chart">
      <div ref={host} class="chart-plot" />
      <figcaption>
        {/* For the pointer only: the canvas's name and the table say the same to everyone. */}
        <p class="chart-readout muted" aria-hidden="true">
          {day ? `${day}: ${readingOf(series, names, pointed!)}` : 'Point at a day to read its figures.'}
        </p>
        <ul class="legend" aria-label="Accounts in the chart">
          {series.map((one, position) => (
            <li key={one.accountId}>
              <span class="swatch" style={{ background: colourOf(position) }} aria-hidden="true" />
              {accountName(names, one.accountId)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
