/** /calculate/assets, /calculate/exchange and /calculate/history. */
export default {
  'assets.financePositions': '理財持倉明細',
  'assets.noFinance': '暫無理財持倉',
  'assets.estimatedInterest': '到期預估收益',
  'assets.maturityDate': '到期日',

  'exchange.open': '兌換為 USDT',
  'exchange.title': '挖礦產出兌換 USDT',
  'exchange.coin': '兌換幣種',
  'exchange.amount': '兌換數量',
  'exchange.availableHint': '可兌換 {available} {currency}',
  'exchange.belowMinimumHint': '可兌換 {available} {currency}，低於最小兌換數量 {min} {currency}，暫不能兌換',
  'exchange.rate': '兌換價格',
  'exchange.feeRate': '手續費率',
  'exchange.minimum': '最小兌換數量',
  'exchange.estimatedReceived': '預估到賬',
  'exchange.estimateNotice': '到賬金額為預估值，以兌換時的伺服器價格為準。',
  'exchange.done': '兌換成功，到賬 {received} USDT',

  'history.status': '訂單狀態',
  'history.allStatuses': '全部狀態',
  'history.coin': '幣種',
  'history.allCoins': '全部幣種',
  'history.dateRange': '日期範圍',
  'history.electricityFee': '電費',
  'history.managementFee': '管理費',
};
