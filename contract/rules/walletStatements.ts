/**
 * Comparing what a wallet signed with the statement a request needs. An address is the same
 * address in any letter case, so a statement naming it all in lower case (pasted from an exchange)
 * matches one naming it checksummed; an address in mixed case must still pass EIP-55, since
 * wrong mixed case is the copy error the checksum exists to catch. Everything else in the
 * statement is compared word for word.
 */
import { getAddress } from 'ethers';

/** 0x and 40 hex digits, not part of a longer hex string (a transaction hash) */
const ADDRESS = /0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g;

/** lower, upper or a valid EIP-55 checksum: the cases that name an address as written */
function validCase(address: string): boolean {
  try {
    getAddress(address);
    return true;
  } catch {
    return false;
  }
}

export function sameStatement(signed: string, expected: string): boolean {
  if (signed === expected) return true;
  const signedAddresses = signed.match(ADDRESS) ?? [];
  const expectedAddresses = expected.match(ADDRESS) ?? [];
  if (signedAddresses.length !== expectedAddresses.length) return false;
  const lower = (text: string) => text.replace(ADDRESS, (address) => address.toLowerCase());
  return lower(signed) === lower(expected) && signedAddresses.every(validCase);
}
