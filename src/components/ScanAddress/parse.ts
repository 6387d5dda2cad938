/**
 * What a scanned QR code may put into an address field: a plain EVM address (`0x` + 40 hex
 * digits; mixed case must pass the EIP-55 checksum) or an EIP-681 payment URI naming one
 * (`ethereum:0x…`, `ethereum:pay-0x…`, with an optional `@chainId` and `?value=…`). A URI calling
 * a function (`ethereum:0xToken/transfer?address=…`) is refused: the address after `ethereum:` is
 * then a token contract, and putting it in a recipient field would send money to the contract.
 */
import { isAddress } from 'ethers';

const PLAIN = /^0x[0-9a-fA-F]{40}$/;
const PAYMENT_URI = /^ethereum:(?:pay-)?(0x[0-9a-fA-F]{40})(?:@[0-9]+)?(?:\?[^/]*)?$/i;

export type ScanResult = { address: string } | { error: 'notAddress' };

export function parseScannedAddress(raw: string): ScanResult {
  const text = raw.trim();
  const address = PLAIN.test(text) ? text : PAYMENT_URI.exec(text)?.[1];
  if (!address || !isAddress(address)) return { error: 'notAddress' };
  return { address };
}
