/** Banners, notices and links for the home page. */
import { contract } from '../contract';
import { mockRoutes } from './_kit';
import { state } from './_state';

export default mockRoutes(contract.content, {
  link: ({ query }) => state.catalog.content
    .filter((c) => !query.type || c.type === query.type)
    .sort((a, b) => a.type.localeCompare(b.type) || a.sort - b.sort),
});
