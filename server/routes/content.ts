/** Banners, notices and links for the home page. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import { route } from '../http/route';

export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  route(app, contract.content.link, async (request) => {
    let query = db
      .selectFrom('content_links')
      .select(['id', 'type', 'title', 'content', 'url', 'image', 'sort'])
      .where('active', '=', 1n)
      .orderBy('sort')
      .orderBy('id');
    if (request.query.type) query = query.where('type', '=', request.query.type);
    const rows = await query.execute();
    return rows.map((row) => ({ ...row, id: String(row.id), sort: Number(row.sort) }));
  });
}
