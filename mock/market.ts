/** Market prices (public): the demo feed's moving prices, with FIL's stale phase (mock/_market.ts). */
import { contract } from '../contract';
import { mockRoutes } from './_kit';
import { marketPrices } from './_market';

export default mockRoutes(contract.market, {
  prices: () => ({ prices: marketPrices() }),
});
