/** `0x12ab…89cd`: a wallet address shortened for display. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** `0xabababab…abababab`: a transaction hash shortened for a row (a copy button copies all of it). */
export function shortHash(hash: string): string {
  return hash.length > 22 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}
