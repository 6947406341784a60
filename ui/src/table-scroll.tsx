import type { ReactNode } from 'react';

/**
 * A table's own sideways scroll area: a table wider than the screen (a tablet's, a phone's)
 * scrolls in here, never the page. Every table of a page sits in one (DataTable's too), so
 * they all look and behave alike; it takes the keyboard's focus (arrow keys scroll it) and is
 * named for a screen reader by the table's label.
 */
export function TableScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={className ? `kontor-table-scroll ${className}` : 'kontor-table-scroll'}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </div>
  );
}
