/** What every console table shares: no search form of ProTable's own, sideways scroll, no column settings. */
export const TABLE_PROPS = { search: false, scroll: { x: 'max-content' }, options: { density: false, setting: false } } as const;

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
