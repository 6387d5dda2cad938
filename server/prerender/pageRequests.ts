/**
 * The public API requests each prerendered route is rendered with at run time, by the name the
 * page reads the answer under (contract/rules/pageData.ts): the same request the page sends first.
 */
import { contentEndpoints } from '../../contract/content';
import { fullPath } from '../../contract/endpoint';
import { mallEndpoints } from '../../contract/mall';
import { productEndpoints } from '../../contract/product';
import { FEATURED_PAGE_SIZE, FIRST_PAGE_QUERY, type PageDataName } from '../../contract/rules/pageData';

const FEATURED_QUERY = `page=1&pageSize=${FEATURED_PAGE_SIZE}`;

export const PAGE_REQUESTS: Readonly<Record<string, Readonly<Partial<Record<PageDataName, string>>>>> = {
  '/': {
    homeLinks: fullPath(contentEndpoints.link),
    homePower: `${fullPath(productEndpoints.power)}?${FEATURED_QUERY}`,
    homeFinance: `${fullPath(productEndpoints.finance)}?${FEATURED_QUERY}`,
  },
  '/calculate': { calculatePower: `${fullPath(productEndpoints.power)}?${FIRST_PAGE_QUERY}` },
  '/shopping': { shoppingGoods: `${fullPath(mallEndpoints.goods)}?${FIRST_PAGE_QUERY}` },
};
