// What the charts share: their frame and caption, their axes' look and day labels, and their figures
// again as a table for screen readers (the chart itself is aria-hidden). Only the lazily loaded chart
// modules import this file, so recharts stays out of the other bundles.
import type { ReactElement, ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';

/** The axes' ticks and the grid's lines. */
export const chartAxisTick = { fontSize: 12, fill: '#475569' };
export const chartGridStroke = '#e2e8f0';

/** '2026-11-23' → '23 nov.' (the day as stored, whatever the browser's time zone). */
export const chartDayLabel = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('fr-FR', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

type Row = {
  key: string;
  /** The row's heading, then one value a column after the first. */
  cells: [ReactNode, ...ReactNode[]];
};

export function ChartFiguresTable({ headings, rows }: { headings: string[]; rows: Row[] }) {
  return (
    // sr-only on a wrapper: a table ignores the 1px width and would widen the page.
    <div className="sr-only">
      <table>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, cells: [heading, ...values] }) => (
            <tr key={key}>
              <th scope="row">{heading}</th>
              {values.map((value, column) => (
                <td key={headings[column + 1]}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type ChartFigureProps = {
  /** The chart's height, a Tailwind class; the chart fills it. */
  heightClass: string;
  testId: string;
  caption: ReactNode;
  captionClass: string;
  /** The figures of the table for screen readers. */
  headings: string[];
  rows: Row[];
  /** The recharts chart. */
  children: ReactElement;
};

export function ChartFigure({
  heightClass,
  testId,
  caption,
  captionClass,
  headings,
  rows,
  children,
}: ChartFigureProps) {
  return (
    <figure className="flex flex-col gap-2">
      <div className={`${heightClass} w-full`} aria-hidden="true" data-testid={testId}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      <figcaption className={captionClass}>{caption}</figcaption>
      <ChartFiguresTable headings={headings} rows={rows} />
    </figure>
  );
}
