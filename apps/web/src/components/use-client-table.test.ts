import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useClientTable } from './use-client-table';

const rows = Array.from({ length: 60 }, (_, index) => ({ id: index, name: `Objekt ${String(index).padStart(2, '0')}` }));
const comparators = { name: (a: (typeof rows)[number], b: (typeof rows)[number]) => a.name.localeCompare(b.name, 'de') };

describe('useClientTable', () => {
  it('sorts all rows by the chosen column and cuts them into pages', () => {
    const { result } = renderHook(() => useClientTable(rows, comparators, { columnAccessor: 'name', direction: 'desc' }));
    expect(result.current.totalRecords).toBe(60);
    expect(result.current.records.map((row) => row.id)).toEqual(Array.from({ length: 25 }, (_, index) => 59 - index));
    act(() => result.current.onPageChange(3));
    expect(result.current.records.map((row) => row.id)).toEqual(Array.from({ length: 10 }, (_, index) => 9 - index));
    act(() => result.current.onSortStatusChange({ columnAccessor: 'name', direction: 'asc' }));
    expect(result.current.page).toBe(1);
    expect(result.current.records[0]?.id).toBe(0);
  });

  it('moves back to the last page when a filter leaves fewer rows', () => {
    const { result, rerender } = renderHook(({ list }) => useClientTable(list, comparators, { columnAccessor: 'name', direction: 'asc' }), { initialProps: { list: rows } });
    act(() => result.current.onPageChange(3));
    rerender({ list: rows.slice(0, 30) });
    expect(result.current.page).toBe(2);
    expect(result.current.records).toHaveLength(5);
  });
});
