/** The current feature flags, public: visitors' menus and routes follow them too (DESIGN §5). */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import { route } from '../http/route';

export default async function featureRoutes(app: FastifyInstance): Promise<void> {
  route(app, contract.features.flags, async () => app.ctx.features.current());
}
