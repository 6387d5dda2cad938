/**
 * A new mock user arrives with a little history, so every screen has something to show in
 * `max dev`: deposits, a running power order with daily bills, a finance order accruing
 * interest, an address and a shipped mall order. Built with the same operations the handlers use.
 */
import dayjs from 'dayjs';
import type { PowerOrderType } from '../contract/product';
import { dailyInterest } from '../contract/rules/financeInterest';
import { fromUnits, toUnits } from '../contract/rules/money';
import { powerDay } from '../contract/rules/powerOutput';
import { deposit, seenDeposit } from './account';
import { addAddress } from './address';
import { createOrder, payOrder, setStatus } from './mall';
import { nextId, state, writeEntry, type MockUser } from './_state';
import { buyPower, subscribeFinance } from './product';
import { day, daysFromNow, timestamp } from './_time';

const at = (daysAgo: number, hour: number) => timestamp(daysFromNow(-daysAgo).hour(hour).minute(12).second(30));

/** Settles `order` for every day from its start until yesterday: one bill per day. */
function settlePastDays(user: MockUser, order: PowerOrderType): void {
  const product = state.catalog.powerProducts.find((p) => p.id === order.productId)!;
  const count = BigInt(order.units);
  const terms = {
    dailyOutputPerUnit: toUnits(product.dailyOutputPerUnit),
    electricityFeePerUnit: toUnits(product.electricityFeePerUnit),
    managementFeeRate: toUnits(product.managementFeeRate),
  };
  const mined = user.mined.get(order.coin) ?? { outputYesterday: 0n, outputTotal: 0n, available: 0n };
  user.mined.set(order.coin, mined);
  const yesterday = day(daysFromNow(-1));
  for (let d = dayjs(order.startDate); day(d) <= yesterday; d = d.add(1, 'day')) {
    const bill = powerDay(terms, count);
    const { net } = bill;
    user.bills.push({
      id: nextId(), orderId: order.id, day: day(d), coin: order.coin, gross: fromUnits(bill.gross), fee: fromUnits(bill.fee),
      electricityFee: fromUnits(bill.electricityFee), managementFee: fromUnits(bill.managementFee), net: fromUnits(net),
    });
    mined.available += net;
    mined.outputTotal += net;
    if (day(d) === yesterday) mined.outputYesterday += net;
    order.outputTotal = fromUnits(toUnits(order.outputTotal) + net);
    writeEntry(user, 'power_output', order.coin, net, mined.available, `算力產出 · 訂單 ${order.id}`, `${day(d)} 23:59:59`);
  }
}

/** Interest of a finance order for every day from its start until yesterday (paid at maturity). */
function accruePastDays(user: MockUser, order: MockUser['financeOrders'][number]): void {
  const daily = dailyInterest(toUnits(order.principal), toUnits(order.annualRate));
  const yesterday = day(daysFromNow(-1));
  for (let d = dayjs(order.startDate); day(d) <= yesterday; d = d.add(1, 'day')) {
    user.interest.push({ orderId: order.id, day: day(d), amount: daily });
    order.interestEarned = fromUnits(toUnits(order.interestEarned) + daily);
  }
}

function shipWithTraces(user: MockUser, orderId: string, daysAgo: number): void {
  const order = user.mallOrders.find((o) => o.id === orderId)!;
  setStatus(order, 'shipped', at(daysAgo, 16));
  user.logistics.set(order.id, {
    orderId: order.id,
    carrier: '顺丰速运',
    trackingNo: `SF${1400000000000 + Number(order.id)}`,
    state: 'in_transit',
    traces: [
      { time: at(daysAgo - 1, 9), text: '快件已到达【深圳南山集散中心】', location: '广东省深圳市' },
      { time: at(daysAgo, 20), text: '快件已从【东莞转运中心】发出', location: '广东省东莞市' },
      { time: at(daysAgo, 16), text: '商家已发货，顺丰速运已揽收', location: '广东省东莞市' },
    ],
  });
}

export function welcome(user: MockUser): MockUser {
  user.createdAt = at(12, 10);
  deposit(user, 'ERC20', 'USDT', '5000', at(12, 10));
  deposit(user, 'ERC20', 'ETH', '1.5', at(11, 14));
  deposit(user, 'BEP20', 'USDT', '2000', at(9, 21));
  // seen on chain just now: below the minimum, and one confirming (credited after 12 mock blocks)
  seenDeposit(user, 'ERC20', 'USDT', '5');
  seenDeposit(user, 'ERC20', 'USDT', '300');

  const power = buyPower(user, state.catalog.powerProducts[0], 20, at(8, 11));
  settlePastDays(user, power);
  const finance = subscribeFinance(user, state.catalog.financeProducts[2], '1000', at(6, 9));
  accruePastDays(user, finance);

  const home = addAddress(user, {
    receiver: '王小明', phone: '13812345678', region: { province: '广东省', city: '深圳市', district: '南山区' },
    detail: '科技园南区 PowerFi 大厦 18 楼', isDefault: true,
  });
  const wallet = state.catalog.goods.find((g) => g.title.includes('钱包'))!;
  const order = createOrder(user, wallet.skus[0], 1, home, at(4, 13));
  payOrder(user, order, at(4, 13));
  shipWithTraces(user, order.id, 3);
  return user;
}
