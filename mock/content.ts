/** Banners, notices and links for the home page. */
import { contract } from '../contract';
import { mockRoutes } from './_kit';
import { localized } from './_locale';
import { state } from './_state';

export default mockRoutes(contract.content, {
  link: ({ query, locale }) => state.catalog.content
    .filter((c) => !query.type || c.type === query.type)
    // the server's order: sort, then id
    .sort((a, b) => a.sort - b.sort || Number(a.id) - Number(b.id))
    .map((c) => localized(c, ['title', 'content'], locale)),
});
