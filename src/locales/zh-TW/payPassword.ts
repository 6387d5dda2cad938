/** The pay-password keypad, 忘記支付密碼 and its reset page, the withdrawal hold after a reset. */
export default {
  'payKeypad.name': '數字鍵盤',
  'payKeypad.delete': '刪除',
  'payKeypad.entered': '已輸入 {count} 位，共 {total} 位',
  'payPass.forgot': '忘記支付密碼',
  'menu.my.payPassReset': '重設支付密碼',
  'payPassReset.description': '忘記支付密碼時，用登入時的錢包簽名確認是您本人，然後設定新的支付密碼（只是簽名，不會發起交易，也不產生費用）。',
  'payPassReset.holdNotice': '為保護資金安全，重設後 24 小時內暫停提現；轉帳、購買和商城付款不受影響。',
  'payPassReset.submit': '簽名並重設',
  'payPassReset.done': '支付密碼已重設，{time} 前暫停提現',
  'payPassReset.notSet': '您尚未設定支付密碼，無需重設。',
  'payPassReset.goSet': '去設定支付密碼',
  'withdraw.heldAfterReset': '支付密碼重設後 24 小時內暫停提現，{time} 後可提現',
};
