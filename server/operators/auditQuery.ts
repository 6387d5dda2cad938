/** Reading the audit log: newest first, filtered by actor, action (or its first part), target and time. */
import type { AuditQueryType } from '../../contract/admin/core';
import type { Db } from '../db';

export async function listAudit(db: Db, filters: AuditQueryType) {
  const { page = 1, pageSize = 20, actor, action, target, from, to } = filters;
  let query = db.selectFrom('audit_log');
  if (actor) query = query.where('actor', '=', actor);
  if (action) query = query.where((eb) => eb.or([eb('action', '=', action), eb('action', 'like', `${action}.%`)]));
  if (target) query = query.where('target', '=', target);
  if (from) query = query.where('created_at', '>=', BigInt(Date.parse(from)));
  if (to) query = query.where('created_at', '<=', BigInt(Date.parse(to)));
  const [{ total }] = await query.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const list = await query.selectAll().orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
  return { list, total: Number(total), page, pageSize };
}
