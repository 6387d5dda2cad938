/** Messages of the operator console's operations calls, in the three languages. */
export const ADMIN_OPERATIONS_MESSAGES = {
  'zh-TW': {
    'admin.reconcile.noNetworks': '伺服器未設定任何區塊鏈網路，無法與鏈上資產對帳',
  },
  'zh-CN': {
    'admin.reconcile.noNetworks': '服务器未配置任何区块链网络，无法与链上资产对账',
  },
  'en-US': {
    'admin.reconcile.noNetworks': 'No blockchain network is configured on the server: there is nothing on chain to reconcile the books with',
  },
} as const satisfies Record<'zh-TW' | 'zh-CN' | 'en-US', Record<string, string>>;
