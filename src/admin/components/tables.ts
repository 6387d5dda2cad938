const SHARED = { scroll: { x: 'max-content' }, options: { density: false, setting: false } } as const;

/** What every console table shares: sideways scroll, no column settings; no search form of its own… */
export const TABLE_PROPS = { ...SHARED, search: false } as const;

/** …or, for a list the server filters, ProTable's search form laid out to its labels. */
export const FILTERED_TABLE_PROPS = { ...SHARED, search: { labelWidth: 'auto' } } as const;

/** ProTable's `request` for a list the server answers whole (no paging): the rows, or the error shown and none. */
export function wholeListRequest<T>(load: () => Promise<T[]>, showError: (error: unknown) => void) {
  return async () => {
    try {
      const list = await load();
      return { data: list, total: list.length, success: true };
    } catch (error) {
      showError(error);
      return { data: [] as T[], total: 0, success: false };
    }
  };
}
