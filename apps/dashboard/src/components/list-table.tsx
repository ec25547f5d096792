import type { ComponentChildren } from 'preact';

/**
 * A list as a table: one header cell per column (each a column header), the rows as children.
 * At phone width the rows become labelled cards (each cell's `data-label`).
 */
export function ListTable({ columns, caption, label, children }: { columns: readonly string[]; caption?: string; label?: string; children: ComponentChildren }) {
  return (
    <table class="list" aria-label={label}>
      {caption && <caption class="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
