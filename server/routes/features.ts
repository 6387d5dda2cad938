/** The current feature flags, public: visitors' menus and routes follow them too. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import type { AppContext } from '../context';
import { route } from '../http/route';

export default async function featureRoutes(app: FastifyInstance, { features }: AppContext): Promise<void> {
  route(app, contract.features.flags, async () => features.current());
}
