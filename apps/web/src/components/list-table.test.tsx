import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ListColumn, ListTable, type ListTableHandle, sortRowsBy } from './list-table';

interface Item {
  id: number;
  name: string;
  rank: number;
}

const rows: Item[] = Array.from({ length: 60 }, (_, index) => ({ id: index, name: `Objekt ${String(index).padStart(2, '0')}`, rank: index % 3 }));
const columns: ListColumn<Item>[] = [
  { accessorKey: 'name', header: 'Name' },
  // Rank first, ties by name descending: a column's own comparator, not its value.
  { accessorKey: 'rank', header: 'Rang', sortingFn: sortRowsBy((a, b) => a.rank - b.rank || b.name.localeCompare(a.name, 'de')) },
];

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

function table(list: Item[], extra: Partial<Parameters<typeof ListTable<Item>>[0]> = {}) {
  return (
    <MantineProvider>
      <ListTable rows={list} columns={columns} rowId={(item) => String(item.id)} label="Objekte" emptyText="Nichts" {...extra} />
    </MantineProvider>
  );
}

afterEach(cleanup);

describe('ListTable', () => {
  it('sorts all rows by the clicked column, German-named, and cuts them into pages', () => {
    render(table(rows));
    expect(screen.getByText('1–25 von 60')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Name nicht sortiert' }));
    fireEvent.click(screen.getByRole('button', { name: 'Name aufsteigend sortiert' }));
    expect(screen.getByRole('button', { name: 'Name absteigend sortiert' })).toBeTruthy();
    expect(names()).toEqual(Array.from({ length: 25 }, (_, index) => `Objekt ${59 - index}`));
    fireEvent.click(screen.getByRole('button', { name: 'Seite 3' }));
    expect(screen.getByText('51–60 von 60')).toBeTruthy();
    expect(names()).toEqual(Array.from({ length: 10 }, (_, index) => `Objekt 0${9 - index}`));
  });

  it('orders by a column comparator and hands out every row in table order for the CSV', () => {
    const handle = createRef<ListTableHandle<Item>>();
    render(table(rows, { ref: handle, initialSort: [{ id: 'rank', desc: false }] }));
    const ordered = handle.current?.rowsInOrder() ?? [];
    expect(ordered).toHaveLength(60);
    expect(ordered.slice(0, 3).map((item) => item.name)).toEqual(['Objekt 57', 'Objekt 54', 'Objekt 51']);
    expect(ordered.at(-1)?.name).toBe('Objekt 02');
  });

  it('moves back to the last page when a filter leaves fewer rows, so a page is never empty', () => {
    const { rerender } = render(table(rows));
    fireEvent.click(screen.getByRole('button', { name: 'Seite 3' }));
    rerender(table(rows.slice(0, 30)));
    expect(screen.getByText('26–30 von 30')).toBeTruthy();
    expect(names()).toEqual(['Objekt 25', 'Objekt 26', 'Objekt 27', 'Objekt 28', 'Objekt 29']);
  });

  it('leaves paging to the server: shows its page and total, asks for another page', () => {
    const onPageChange = vi.fn();
    render(table(rows.slice(50, 60), { serverPaging: { page: 2, pageSize: 50, total: 60, onPageChange } }));
    expect(screen.getByText('51–60 von 60')).toBeTruthy();
    expect(names()).toHaveLength(10);
    expect(screen.queryByRole('textbox', { name: 'Zeilen je Seite' })).toBeNull();
    act(() => screen.getByRole('button', { name: 'Vorherige Seite' }).click());
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('says "mehr als" when the server counted a search only up to a limit', () => {
    render(table(rows.slice(0, 50), { serverPaging: { page: 1, pageSize: 50, total: 10_001, totalIsLowerBound: true, onPageChange: vi.fn() } }));
    expect(screen.getByText('1–50 von mehr als 10.000')).toBeTruthy();
  });
});
