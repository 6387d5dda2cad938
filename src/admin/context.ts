/** The signed-in operator, as the console's layout fetched it (GET /api/v1/admin/me), for every page. */
import { createContext, useContext } from 'react';
import type { OperatorMeType } from '../../contract/admin/core';
import type { OperatorPermission } from '../../contract/rules/operators';

export interface AdminSession {
  me: OperatorMeType;
  /** ends the session on the server and here, then opens the sign-in page */
  signOut: () => Promise<void>;
}

export const AdminContext = createContext<AdminSession | undefined>(undefined);

export function useAdmin(): AdminSession {
  const session = useContext(AdminContext);
  if (!session) throw new Error('useAdmin outside the console layout');
  return session;
}

/** Whether the operator's role holds `permission` (the server checks it again on every call). */
export function useCan(permission: OperatorPermission): boolean {
  return useAdmin().me.permissions.includes(permission);
}
