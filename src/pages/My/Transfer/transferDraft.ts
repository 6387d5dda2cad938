/**
 * What the user typed on /my/transfer, kept in sessionStorage (this tab only) so that leaving for
 * /my/setting/pay-pass (去设置) and coming back finds the recipient and the amount again. Kept per
 * user; removed once a transfer succeeds. The pay password is never part of it.
 */
export interface TransferDraft {
  to?: string;
  currency?: string;
  amount?: string;
}

const keyOf = (uid: string) => `powerfi.transferDraft.${uid}`;

export function readTransferDraft(uid: string): TransferDraft | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(keyOf(uid)) ?? 'null') as TransferDraft | null;
    if (!stored || typeof stored !== 'object') return undefined;
    const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
    return { to: text(stored.to), currency: text(stored.currency), amount: text(stored.amount) };
  } catch {
    return undefined;
  }
}

export function saveTransferDraft(uid: string, draft: TransferDraft): void {
  try {
    if (!draft.to && !draft.amount) sessionStorage.removeItem(keyOf(uid));
    else sessionStorage.setItem(keyOf(uid), JSON.stringify({ to: draft.to, currency: draft.currency, amount: draft.amount }));
  } catch {
    // storage refused (private mode, full): the draft is a convenience only
  }
}

export function clearTransferDraft(uid: string): void {
  try {
    sessionStorage.removeItem(keyOf(uid));
  } catch {
    // nothing was stored
  }
}
