/** Messages of the operator console's mall calls, in the three languages. */
export const ADMIN_MALL_MESSAGES = {
  'zh-TW': {
    'admin.mall.blank': '物流公司、運單號、軌跡內容和地點不能只有空白',
    'admin.mall.notRefundable': '只有已付款、已發貨或已完成的訂單可以退款',
    'admin.mall.alreadyRefunded': '此訂單已經退款',
  },
  'zh-CN': {
    'admin.mall.blank': '物流公司、运单号、轨迹内容和地点不能只有空白',
    'admin.mall.notRefundable': '只有已付款、已发货或已完成的订单可以退款',
    'admin.mall.alreadyRefunded': '此订单已经退款',
  },
  'en-US': {
    'admin.mall.blank': 'Carrier, tracking number, trace text and location cannot be blank',
    'admin.mall.notRefundable': 'Only a paid, shipped or completed order can be refunded',
    'admin.mall.alreadyRefunded': 'This order was already refunded',
  },
} as const satisfies Record<'zh-TW' | 'zh-CN' | 'en-US', Record<string, string>>;
