import { useIntl } from '@umijs/max';
import { useCallback } from 'react';

/** Short form of `intl.formatMessage({ id }, values)` for pages with many texts. */
export function useT(): (id: string, values?: Record<string, string | number>) => string {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
