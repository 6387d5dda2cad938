/** contract/content.ts: banners, notices and links for the home page. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import { contentLinks } from '../content/links';
import { route } from '../http/route';

export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  route(app, contract.content.link, async (request) => contentLinks(db, request.query.type));
}
