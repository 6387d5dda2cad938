import { useModel } from '@umijs/max';
import type { ProfileType } from '../../contract/user';

/** The signed-in user from Umi's initial state, or undefined when signed out. */
export function useCurrentUser(): ProfileType | undefined {
  const { initialState } = useModel('@@initialState');
  return initialState?.currentUser;
}
