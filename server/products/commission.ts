/**
 * The inviter's commission on a product purchase, paid inside the purchase transaction by the
 * invitations domain (server/invites, issue 6).
 */
import type { Trx } from '../ledger/post';

export interface PurchaseCommission {
  buyerId: bigint;
  /** what the buyer paid, in USDT units */
  amountUnits: bigint;
  ref: string;
  now: number;
}

export async function payPurchaseCommission(trx: Trx, purchase: PurchaseCommission): Promise<void> {
  void trx;
  void purchase;
}
