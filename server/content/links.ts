/** Banners, notices and links for the home page: the active ones, in display order, in `locale`. */
import type { ContentLinkType } from '../../contract/content';
import type { Db } from '../db';
import type { Locale } from '../i18n';
import { textIn } from '../i18n/translations';

export async function contentLinks(db: Db, type: ContentLinkType['type'] | undefined, locale: Locale): Promise<ContentLinkType[]> {
  let query = db
    .selectFrom('content_links')
    .select(['id', 'type', 'url', 'image', 'sort'])
    .select([textIn(locale, 'content_links', 'title', 'content_links.id', 'content_links.title').as('title'), textIn(locale, 'content_links', 'content', 'content_links.id', 'content_links.content').as('content')])
    .where('active', '=', 1n)
    .orderBy('sort')
    .orderBy('id');
  if (type) query = query.where('type', '=', type);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, id: String(row.id), sort: Number(row.sort) }));
}
