// A <tbody> that renders only the rows in view (window scrolling), so lists of tens of thousands of
// rows stay smooth (docs/decisions.md#performance-budgets). Spacer rows keep the scroll height; rows are measured as they render.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/** Spread on the row element (its React key is the caller's, e.g. the entity id). */
export type VirtualRowProps = {
  'data-index': number;
  'aria-rowindex': number;
  ref: (element: HTMLTableRowElement | null) => void;
};

type VirtualTableBodyProps = {
  count: number;
  /** Expected row height in px; rows are measured, this only seeds the layout. */
  estimateRowHeight: number;
  columns: number;
  renderRow: (index: number, rowProps: VirtualRowProps) => ReactNode;
  overscan?: number;
};

export function VirtualTableBody({
  count,
  estimateRowHeight,
  columns,
  renderRow,
  overscan = 8,
}: VirtualTableBodyProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // Where the body starts in the page: rows are positioned relative to it.
  useLayoutEffect(() => {
    const measure = () => {
      const top = (bodyRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setScrollMargin((previous) => (Math.abs(previous - top) > 0.5 ? top : previous));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimateRowHeight,
    overscan,
    scrollMargin,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const paddingTop = first ? first.start - scrollMargin : 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;

  return (
    <tbody ref={bodyRef} className="[&_tr:last-child]:border-0">
      {paddingTop > 0 && (
        <tr style={{ height: paddingTop }}>
          <td colSpan={columns} className="p-0" />
        </tr>
      )}
      {items.map((item) =>
        renderRow(item.index, {
          'data-index': item.index,
          // Row 1 is the header row.
          'aria-rowindex': item.index + 2,
          ref: virtualizer.measureElement,
        }),
      )}
      {paddingBottom > 0 && (
        <tr style={{ height: paddingBottom }}>
          <td colSpan={columns} className="p-0" />
        </tr>
      )}
    </tbody>
  );
}
