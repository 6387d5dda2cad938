/** /calculate/assets, /calculate/exchange and /calculate/history. */
export default {
  'assets.financePositions': '理财持仓明细',
  'assets.noFinance': '暂无理财持仓',
  'assets.estimatedInterest': '到期预估收益',
  'assets.maturityDate': '到期日',

  'exchange.open': '兑换为 USDT',
  'exchange.title': '挖矿产出兑换 USDT',
  'exchange.coin': '兑换币种',
  'exchange.amount': '兑换数量',
  'exchange.availableHint': '可兑换 {available} {currency}',
  'exchange.belowMinimumHint': '可兑换 {available} {currency}，低于最小兑换数量 {min} {currency}，暂不能兑换',
  'exchange.rate': '兑换价格',
  'exchange.feeRate': '手续费率',
  'exchange.minimum': '最小兑换数量',
  'exchange.estimatedReceived': '预估到账',
  'exchange.estimateNotice': '到账金额为预估值，以兑换时的服务器价格为准。',
  'exchange.done': '兑换成功，到账 {received} USDT',

  'history.status': '订单状态',
  'history.allStatuses': '全部状态',
  'history.coin': '币种',
  'history.allCoins': '全部币种',
  'history.dateRange': '日期范围',
  'history.electricityFee': '电费',
  'history.managementFee': '管理费',
};
