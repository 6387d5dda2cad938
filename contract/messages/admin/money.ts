/** Messages of the operator console's money calls, in the three languages. */
export const ADMIN_MONEY_MESSAGES = {
  'zh-TW': {
    'admin.money.alreadyCredited': '此交易已入帳，不能再手動入帳',
    'admin.money.inReview': '此交易的充值在審核中或已被拒絕，請在充值審核中處理',
    'admin.money.unknownNetwork': '{network} 不是提現網路',
  },
  'zh-CN': {
    'admin.money.alreadyCredited': '此交易已入账，不能再手动入账',
    'admin.money.inReview': '此交易的充值在审核中或已被拒绝，请在充值审核中处理',
    'admin.money.unknownNetwork': '{network} 不是提现网络',
  },
  'en-US': {
    'admin.money.alreadyCredited': 'This transaction is credited already; it cannot be credited by hand',
    'admin.money.inReview': 'This transaction\'s deposit is held for review or was rejected; decide it in the deposit review',
    'admin.money.unknownNetwork': '{network} is not a withdrawal network',
  },
} as const satisfies Record<'zh-TW' | 'zh-CN' | 'en-US', Record<string, string>>;
