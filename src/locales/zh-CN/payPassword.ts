/** The pay-password keypad, 忘记支付密码 and its reset page, the withdrawal hold after a reset. */
export default {
  'payKeypad.name': '数字键盘',
  'payKeypad.delete': '删除',
  'payKeypad.entered': '已输入 {count} 位，共 {total} 位',
  'payPass.forgot': '忘记支付密码',
  'menu.my.payPassReset': '重置支付密码',
  'payPassReset.description': '忘记支付密码时，用登录时的钱包签名确认是您本人，然后设置新的支付密码（只是签名，不会发起交易，也不产生费用）。',
  'payPassReset.holdNotice': '为保护资金安全，重置后 24 小时内暂停提现；转账、购买和商城付款不受影响。',
  'payPassReset.submit': '签名并重置',
  'payPassReset.done': '支付密码已重置，{time} 前暂停提现',
  'payPassReset.notSet': '您还没有设置支付密码，无需重置。',
  'payPassReset.goSet': '去设置支付密码',
  'withdraw.heldAfterReset': '支付密码重置后 24 小时内暂停提现，{time} 后可提现',
};
