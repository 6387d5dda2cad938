/** Messages of the operator console's users calls, in the three languages. */
export const ADMIN_USERS_MESSAGES = {
  'zh-TW': {
    'admin.users.notFound': '用戶不存在',
    'admin.users.alreadyFrozen': '此帳戶已經凍結',
    'admin.users.notFrozen': '此帳戶沒有被凍結',
    'admin.users.sessionNotFound': '此用戶沒有這個登入會話，或已結束',
  },
  'zh-CN': {
    'admin.users.notFound': '用户不存在',
    'admin.users.alreadyFrozen': '此账户已经冻结',
    'admin.users.notFrozen': '此账户没有被冻结',
    'admin.users.sessionNotFound': '此用户没有这个登录会话，或已结束',
  },
  'en-US': {
    'admin.users.notFound': 'No such user',
    'admin.users.alreadyFrozen': 'This account is already frozen',
    'admin.users.notFrozen': 'This account is not frozen',
    'admin.users.sessionNotFound': 'This user has no such live session',
  },
} as const satisfies Record<'zh-TW' | 'zh-CN' | 'en-US', Record<string, string>>;
