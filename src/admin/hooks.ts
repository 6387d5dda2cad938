/** Small hooks every console page uses: showing a failure, and ProTable's request over a console list. */
import { useIntl } from '@umijs/max';
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { adminErrorText, isSignedOutError } from './errors';

/** Shows a failed call's text (the server's own) as a toast; a 401 has already gone to the sign-in page. */
export function useShowError(): (error: unknown) => void {
  const intl = useIntl();
  const { message } = App.useApp();
  return useCallback(
    (error: unknown) => {
      if (isSignedOutError(error) || (error as { name?: string })?.name === 'AbortError') return;
      void adminErrorText(error, intl).then((text) => message.error(text));
    },
    [intl, message],
  );
}

interface TableParams {
  current?: number;
  pageSize?: number;
  [filter: string]: unknown;
}

/** ProTable's filters as the console's list query (contract/admin/common.ts AdminListQuery): blanks dropped, text trimmed. */
export function listQuery(params: TableParams): { page: number; pageSize: number } & Record<string, string | number | boolean> {
  const { current, pageSize, ...filters } = params;
  const query: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(filters)) {
    const cleaned = typeof value === 'string' ? value.trim() : value;
    if (cleaned === undefined || cleaned === null || cleaned === '') continue;
    if (typeof cleaned === 'string' || typeof cleaned === 'number' || typeof cleaned === 'boolean') query[key] = cleaned;
  }
  return { ...query, page: current ?? 1, pageSize: pageSize ?? 20 };
}

/** ProTable's `request` over a paged console list; a failure shows its text and leaves the table empty. */
export function useTableRequest<Q, T>(load: (query: Q) => Promise<{ list: T[]; total: number }>) {
  const showError = useShowError();
  return useCallback(
    async (params: TableParams) => {
      try {
        const page = await load(listQuery(params) as Q);
        return { data: page.list, total: page.total, success: true };
      } catch (error) {
        showError(error);
        return { data: [] as T[], total: 0, success: false };
      }
    },
    [load, showError],
  );
}

/** The text of a failed load (undefined while there is none). */
export function useAdminErrorText(error: unknown): string | undefined {
  const intl = useIntl();
  const [text, setText] = useState<string>();
  useEffect(() => {
    let live = true;
    if (!error) setText(undefined);
    else void adminErrorText(error, intl).then((value) => live && setText(value));
    return () => {
      live = false;
    };
  }, [error, intl]);
  return text;
}
