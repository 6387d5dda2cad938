/**
 * The public API requests each prerendered route is rendered with at run time, by the name the
 * page reads the answer under (contract/rules/pageData.ts): the same request the page sends first.
 */
import { fullPath } from '../../contract/endpoint';
import { mallEndpoints } from '../../contract/mall';
import { FIRST_PAGE_QUERY, type PageDataName } from '../../contract/rules/pageData';

export const PAGE_REQUESTS: Readonly<Record<string, Readonly<Partial<Record<PageDataName, string>>>>> = {
  '/shopping': { shoppingGoods: `${fullPath(mallEndpoints.goods)}?${FIRST_PAGE_QUERY}` },
};
