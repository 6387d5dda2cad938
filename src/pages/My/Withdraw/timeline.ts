/**
 * A withdrawal's timeline, from its status and times (contract/withdraw.ts): requested; in review
 * and approved when an operator looked at it; sent; confirming n/12; completed. A returned one
 * (rejected, cancelled, failed) ends at the step it stopped with its reason and the amount
 * returned. Each step is done, current, still to come, or the error it ended with.
 */
import type { WithdrawalType } from '../../../../contract/withdraw';
import { isReturned } from './WithdrawalAmount';

export type StepKind = 'requested' | 'review' | 'approved' | 'sent' | 'confirming' | 'completed' | 'returned';
export type StepState = 'finish' | 'process' | 'wait' | 'error';

export interface TimelineStep {
  kind: StepKind;
  state: StepState;
  /** when it happened, when known */
  at: string | null;
}

type Withdrawal = Pick<WithdrawalType, 'status' | 'reviewReasons' | 'createdAt'> & Partial<Pick<WithdrawalType, 'reviewedAt' | 'broadcastAt' | 'finishedAt'>>;

/** the forward path's steps after the request, and how far a status has come along it */
const FORWARD: StepKind[] = ['review', 'approved', 'sent', 'confirming', 'completed'];
const CURRENT: Partial<Record<WithdrawalType['status'], StepKind>> = {
  review: 'review',
  processing: 'sent',
  broadcast: 'confirming',
  confirming: 'confirming',
};

export function withdrawalTimeline(w: Withdrawal): TimelineStep[] {
  const reviewed = w.reviewReasons.length > 0 || w.status === 'review' || !!w.reviewedAt;
  const times: Record<StepKind, string | null> = {
    requested: w.createdAt,
    review: null,
    approved: w.reviewedAt ?? null,
    sent: w.broadcastAt ?? null,
    confirming: null,
    completed: w.finishedAt ?? null,
    returned: w.finishedAt ?? null,
  };
  const forward = FORWARD.filter((kind) => reviewed || (kind !== 'review' && kind !== 'approved'));
  const steps: TimelineStep[] = [{ kind: 'requested', state: 'finish', at: times.requested }];

  if (isReturned(w.status)) {
    // the steps it passed: review (rejected or cancelled there), or up to sent (failed on chain)
    const passed = w.status === 'failed' ? forward.filter((kind) => kind === 'review' || kind === 'approved' || kind === 'sent') : forward.filter((kind) => kind === 'review');
    for (const kind of passed) steps.push({ kind, state: 'finish', at: times[kind] });
    steps.push({ kind: 'returned', state: w.status === 'cancelled' ? 'finish' : 'error', at: times.returned });
    return steps;
  }

  const current = w.status === 'completed' ? undefined : CURRENT[w.status];
  const reached = current ? forward.indexOf(current) : forward.length;
  forward.forEach((kind, index) => {
    const state: StepState = index < reached ? 'finish' : index === reached ? 'process' : 'wait';
    steps.push({ kind, state, at: state === 'finish' ? times[kind] : null });
  });
  return steps;
}
