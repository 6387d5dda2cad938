/**
 * ahooks' useRequest for a page the server may have rendered with the request's answer
 * (./pageData.tsx): while hydrating, `data` starts as that answer and `loading` is false, so the
 * first render is the server's; the request is still sent, and its answer replaces it. An answer
 * equal to the rendered one keeps the rendered object, so that a view memoized on `data` is not
 * rendered again for nothing (on a phone, that render of the page's sections is a long task of its
 * own). Anywhere else, exactly useRequest.
 */
import { useRequest } from 'ahooks';
import { useMemo } from 'react';
import type { PageDataName } from '../../contract/rules/pageData';
import { sameAnswer, useRenderedAnswer } from './pageData';

export function useRenderedRequest<T>(name: PageDataName, service: () => Promise<T>) {
  const rendered = useRenderedAnswer<T>(name);
  const request = useRequest(service);
  const fresh = request.data;
  const unchanged = useMemo(
    () => rendered !== undefined && fresh !== undefined && sameAnswer(fresh, rendered),
    [fresh, rendered],
  );
  const showsRendered = rendered !== undefined && (fresh === undefined || unchanged);
  return { ...request, data: showsRendered ? rendered : fresh, loading: request.loading && !showsRendered };
}
