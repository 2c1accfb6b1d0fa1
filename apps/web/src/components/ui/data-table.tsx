import type { ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

/** A column of a DataTable: its heading, shown or only read out, and its alignment. */
export interface Column {
  name: string;
  /** Read out by screen readers only (a column of buttons). */
  hidden?: boolean;
  align?: 'left' | 'right';
}

/** A cell's padding; a row's cells add their own colours and alignment. */
export const tableCell = 'px-4 py-3 align-top';

/**
 * A table of rows with column headings, in a box that scrolls sideways on narrow screens (ScrollRegion, named
 * `label`). `caption` names the table for screen readers; `children` are its rows.
 */
export function DataTable({
  label,
  caption,
  columns,
  children,
}: {
  label: string;
  caption: string;
  columns: readonly Column[];
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={label}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.name}
                scope="col"
                className={`px-4 py-3 text-sm font-semibold text-slate-800 ${column.align === 'right' ? 'text-right' : 'text-left'}`}
              >
                {column.hidden ? <span className="sr-only">{column.name}</span> : column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}
