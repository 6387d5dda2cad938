/** contract/content.ts: banners, notices and links for the home page. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import type { AppContext } from '../context';
import { contentLinks } from '../content/links';
import { route } from '../http/route';
import { contentLocale } from '../i18n';

export default async function contentRoutes(app: FastifyInstance, deps: AppContext): Promise<void> {
  const { db } = deps;
  route(app, contract.content.link, async (request) => contentLinks(db, request.query.type, contentLocale(request.headers)));
}
