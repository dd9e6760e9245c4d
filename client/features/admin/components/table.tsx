import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../../lib/cn.js';

/** A table that scrolls sideways inside its card on phones, never the page. */
export function TableShell({
  caption,
  minWidth,
  children,
}: {
  caption: string;
  minWidth: string;
  children: ReactNode;
}) {
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0" tabIndex={0} role="region" aria-label={caption}>
      <table className={cn('w-full border-collapse text-left text-sm', minWidth)}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'bg-ink-50 px-3 py-3 text-xs font-black tracking-wider whitespace-nowrap text-ink-600 uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-3 align-middle', className)} {...props} />;
}

/**
 * A list of rows as cards on phones and as a table from lg, the last column the row's actions.
 * The caller draws a card's content and a row's cells; both read the same rows.
 */
export function ResponsiveTable<T extends { id: number }>({
  caption,
  columns,
  rows,
  card,
  cells,
}: {
  caption: string;
  /** The column headings before "Actions". */
  columns: string[];
  rows: T[];
  card: (row: T) => ReactNode;
  cells: (row: T) => ReactNode;
}) {
  return (
    <>
      {/* Phones get one card per row; wider screens the table. */}
      <ul className="grid gap-3 lg:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li key={row.id} className="grid gap-2 rounded-card border border-ink-200 p-3">
            {card(row)}
          </li>
        ))}
      </ul>
      <div className="hidden lg:block">
        <TableShell caption={caption} minWidth="min-w-[900px]">
          <thead>
            <tr>
              {columns.map((column) => (
                <Th key={column}>{column}</Th>
              ))}
              <Th className="text-right">Actions</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-ink-100">
                {cells(row)}
              </tr>
            ))}
          </tbody>
        </TableShell>
      </div>
    </>
  );
}
