/**
 * ahooks' useRequest for a page the server may have rendered with the request's answer
 * (./pageData.tsx): while hydrating, `data` starts as that answer and `loading` is false, so the
 * first render is the server's; the request is still sent, and its answer replaces it. Anywhere
 * else, exactly useRequest.
 */
import { useRequest } from 'ahooks';
import type { PageDataName } from '../../contract/rules/pageData';
import { useRenderedAnswer } from './pageData';

export function useRenderedRequest<T>(name: PageDataName, service: () => Promise<T>) {
  const rendered = useRenderedAnswer<T>(name);
  const request = useRequest(service);
  const showsRendered = request.data === undefined && rendered !== undefined;
  return { ...request, data: showsRendered ? rendered : request.data, loading: request.loading && !showsRendered };
}
