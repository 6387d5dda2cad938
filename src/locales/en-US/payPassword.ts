/** The pay-password keypad, "forgot pay password" and its reset page, the withdrawal hold after a reset. */
export default {
  'payKeypad.name': 'Number keypad',
  'payKeypad.delete': 'Delete',
  'payKeypad.entered': '{count} of {total} digits entered',
  'payPass.forgot': 'Forgot pay password',
  'menu.my.payPassReset': 'Reset pay password',
  'payPassReset.description': 'Forgot your pay password? Confirm it is you by signing with the wallet you signed in with, then set a new one (only a signature: no transaction, no fee).',
  'payPassReset.holdNotice': 'To keep your funds safe, withdrawals are paused for 24 hours after a reset; transfers, purchases and mall payments are not affected.',
  'payPassReset.submit': 'Sign and reset',
  'payPassReset.done': 'Pay password reset; withdrawals are paused until {time}',
  'payPassReset.notSet': 'You have not set a pay password yet: there is nothing to reset.',
  'payPassReset.goSet': 'Set a pay password',
  'withdraw.heldAfterReset': 'Withdrawals are paused for 24 hours after a pay password reset; you can withdraw again after {time}',
};
