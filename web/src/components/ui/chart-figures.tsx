// What the charts share: their day labels on the axis, and their figures again as a table for
// screen readers (the chart itself is aria-hidden).
import type { ReactNode } from 'react';

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
