import { randomBytes } from 'node:crypto';
import { verifyMessage, Wallet } from 'ethers';
import { randomSigner, signerFromKey } from '../../bench/support/signer';

describe("the load generator's native signer", () => {
  it("derives ethers' address and makes ethers' signature, byte for byte (both sign deterministically, RFC 6979)", () => {
    for (let i = 0; i < 30; i++) {
      const key = randomBytes(32);
      const wallet = new Wallet(`0x${key.toString('hex')}`);
      const signer = signerFromKey(key);
      const message = `127.0.0.1:8000 wants you to sign in with your Ethereum account:\n${wallet.address}\n\nnonce ${i}`;
      expect(signer.address).toBe(wallet.address);
      expect(signer.signMessage(message)).toBe(wallet.signMessageSync(message));
    }
  });

  it('signs with a fresh key each time, and ethers recovers the signer', () => {
    const first = randomSigner();
    const second = randomSigner();
    expect(first.address).not.toBe(second.address);
    expect(verifyMessage('hello', second.signMessage('hello'))).toBe(second.address);
  });
});
