/**
 * The withdrawal rules' time windows as one table of cases, run against the server (both
 * databases, tests/server/withdraw-windows.test.ts) and the mocks (tests/unit/withdraw-windows.test.ts):
 * every window 1 ms inside and 1 ms outside its edge. A window is half-open: something `window` ms
 * old is outside it (contract/rules/withdraw.ts).
 *
 * Each case is a user's history, oldest first, as offsets before the request, then one request of
 * `amount` USDT on ERC20 to the newest saved address. A runner replays it on a clock it moves
 * forward, as the user would have done it.
 */
import type { MessageKey } from '../../contract/messages/zh-TW';
import type { ReviewReasonType } from '../../contract/withdraw';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** well outside every window */
const LONG_AGO = 3 * DAY;

export type WindowEvent =
  /** a new session of the same wallet; the request is made from the newest */
  | { kind: 'signIn' }
  /** the pay password set, or changed when it is set */
  | { kind: 'payPassword' }
  /** a withdrawal address saved, with the wallet's signature (usable at once) or without (after the delay) */
  | { kind: 'address'; signed: boolean }
  | { kind: 'deposit'; amount: string }
  /** a withdrawal to the newest saved address (whatever its outcome: it counts unless returned) */
  | { kind: 'withdraw'; amount: string };

export interface WindowCase {
  name: string;
  /** [ms before the request, what happened], oldest first */
  events: Array<[number, WindowEvent]>;
  amount: string;
  expect: { reasons: ReviewReasonType[] } | { refused: MessageKey };
}

/**
 * An account that signed in, set its pay password, saved a signed address, deposited and made its
 * first withdrawal long ago (so none of those is a review reason), then `recent`.
 */
function seasoned(...recent: Array<[number, WindowEvent]>): Array<[number, WindowEvent]> {
  return [
    [LONG_AGO, { kind: 'signIn' }],
    [LONG_AGO, { kind: 'payPassword' }],
    [LONG_AGO, { kind: 'address', signed: true }],
    [LONG_AGO, { kind: 'deposit', amount: '200000' }],
    [LONG_AGO, { kind: 'withdraw', amount: '20' }],
    ...recent,
  ];
}

/** the same case 1 ms inside the window (`inside`) and at its edge, outside (`outside`) */
function edge(
  name: string, window: number, at: (offset: number) => Array<[number, WindowEvent]>, amount: string,
  inside: WindowCase['expect'], outside: WindowCase['expect'],
): WindowCase[] {
  return [
    { name: `${name}, 1 ms inside`, events: at(window - 1), amount, expect: inside },
    { name: `${name}, at the edge (outside)`, events: at(window), amount, expect: outside },
  ];
}

export const WINDOW_CASES: WindowCase[] = [
  // 100 000 USDT a day: two of 50 000 within the day leave nothing
  ...edge('the daily limit', DAY, (t) => seasoned([t, { kind: 'withdraw', amount: '50000' }], [t, { kind: 'withdraw', amount: '50000' }]), '20',
    { refused: 'withdraw.dailyLimit' }, { reasons: [] }),
  // reviewed above 10 000: 9 000 earlier in the day and 2 000 now pass it together
  ...edge('the day\'s total above the review threshold', DAY, (t) => seasoned([t, { kind: 'withdraw', amount: '9000' }]), '2000',
    { reasons: ['dailyTotal'] }, { reasons: [] }),
  ...edge('a pay-password change', DAY, (t) => seasoned([t, { kind: 'payPassword' }]), '20',
    { reasons: ['securityChange'] }, { reasons: [] }),
  ...edge('an address saved without a signature', DAY, (t) => seasoned([t, { kind: 'address', signed: false }]), '20',
    { refused: 'withdraw.addressInDelay' }, { reasons: [] }),
  ...edge('an address saved with a signature', DAY, (t) => seasoned([t, { kind: 'address', signed: true }]), '20',
    { reasons: ['newAddress'] }, { reasons: [] }),
  ...edge('a new session', HOUR, (t) => seasoned([t, { kind: 'signIn' }]), '20',
    { reasons: ['newSession'] }, { reasons: [] }),
  ...edge('a deposit of at least the amount', DAY, (t) => seasoned([t, { kind: 'deposit', amount: '2000' }]), '2000',
    { reasons: ['afterInflow'] }, { reasons: [] }),
  { name: 'a deposit below the amount within the day', events: seasoned([DAY - 1, { kind: 'deposit', amount: '1000' }]), amount: '2000', expect: { reasons: [] } },
  { name: 'an account\'s first withdrawal', events: seasoned().filter(([, e]) => e.kind !== 'withdraw'), amount: '20', expect: { reasons: ['firstWithdrawal'] } },
];

/** What a runner does for each event, and the request's outcome. */
export interface WindowWorld {
  /** moves the clock to `ms` (never back) */
  at(ms: number): Promise<void>;
  /** every event but a withdrawal, which is a request like the last one */
  apply(event: Exclude<WindowEvent, { kind: 'withdraw' }>): Promise<void>;
  request(amount: string): Promise<{ status: string; reviewReasons: ReviewReasonType[] } | { errKey: string }>;
}

/** Replays a case with its request at `requestAt` and gives the outcome in the case's terms. */
export async function replay(world: WindowWorld, c: WindowCase, requestAt: number): Promise<WindowCase['expect']> {
  for (const [offset, event] of c.events) {
    await world.at(requestAt - offset);
    if (event.kind !== 'withdraw') {
      await world.apply(event);
      continue;
    }
    const earlier = await world.request(event.amount);
    if ('errKey' in earlier) throw new Error(`an earlier withdrawal was refused: ${earlier.errKey}`);
  }
  await world.at(requestAt);
  const outcome = await world.request(c.amount);
  if ('errKey' in outcome) return { refused: outcome.errKey as MessageKey };
  if (outcome.status !== (outcome.reviewReasons.length ? 'review' : 'processing')) throw new Error(`status ${outcome.status} with reasons ${outcome.reviewReasons.join()}`);
  return { reasons: outcome.reviewReasons };
}
