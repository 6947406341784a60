import type { ReactNode } from 'react';

// The cells of this module's hand-written tables (details pages, the booking's lines, a rack's
// places): every cell carries its column's title (data-label) for the card view of a phone
// (ui's TableScroll), and the key ones — the numbers a user came for — are marked
// (data-key-column), shown first and large there.

/** A header cell; `key`: one of the columns the user came for. */
export const head = (title: ReactNode, key = false, className?: string) => (
  <th data-key-column={key ? '' : undefined} className={className}>
    {title}
  </th>
);

/** A body cell titled by its column. */
export const cell = (label: string, value: ReactNode, key = false, className?: string) => (
  <td data-label={label} data-key-column={key ? '' : undefined} className={className}>
    {value}
  </td>
);
