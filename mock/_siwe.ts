/** Reading a signed SIWE message in the mocks (sign-in and step-up share it). */
import { getAddress, verifyMessage } from 'ethers';
import { SiweMessage } from 'siwe';
import { MockError } from './_errors';

export function parseSiwe(text: string): SiweMessage {
  try {
    return new SiweMessage(text);
  } catch {
    throw new MockError('SIWE_INVALID');
  }
}

/** The address that signed `message`, or a 401 when the signature is not the message's. */
export function siweSigner(message: SiweMessage, text: string, signature: string): string {
  let recovered: string;
  try {
    recovered = verifyMessage(text, signature);
  } catch {
    throw new MockError('SIWE_SIGNATURE_INVALID');
  }
  if (recovered !== getAddress(message.address)) throw new MockError('SIWE_SIGNATURE_INVALID');
  return recovered;
}
