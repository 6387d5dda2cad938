/** /calculate/assets, /calculate/exchange and /calculate/history. */
export default {
  'assets.financePositions': 'Finance positions',
  'assets.noFinance': 'No finance positions yet',
  'assets.estimatedInterest': 'Estimated interest at maturity',
  'assets.maturityDate': 'Maturity',

  'exchange.open': 'Exchange to USDT',
  'exchange.title': 'Exchange mined coin to USDT',
  'exchange.coin': 'Coin',
  'exchange.amount': 'Amount',
  'exchange.availableHint': '{available} {currency} available',
  'exchange.belowMinimumHint': '{available} {currency} available, below the minimum of {min} {currency}: nothing to exchange yet',
  'exchange.rate': 'Price',
  'exchange.feeRate': 'Fee rate',
  'exchange.minimum': 'Minimum',
  'exchange.estimatedReceived': 'Estimated to receive',
  'exchange.estimateNotice': 'The amount received is an estimate; the server price at the moment of the exchange applies.',
  'exchange.done': 'Exchanged, {received} USDT received',

  'history.status': 'Order status',
  'history.allStatuses': 'All statuses',
  'history.coin': 'Coin',
  'history.allCoins': 'All coins',
  'history.dateRange': 'Date range',
  'history.electricityFee': 'Electricity fee',
  'history.managementFee': 'Management fee',
};
