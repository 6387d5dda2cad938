/**
 * @jest-environment ./tests/unit/walletEnvironment.js
 *
 * proveWallet (step-up): the wallet that signed in signs the server's challenge for one purpose,
 * as an EIP-4361 message for this page whose statement names the action; another account, no
 * wallet or a refusal is a WalletError and nothing is signed.
 */
import { SiweMessage } from 'siwe';
import { stepUpChallenge } from '@/services/auth';
import { setActiveProvider } from '@/wallet/discovery';
import { WalletError } from '@/wallet/errors';
import { proveWallet } from '@/wallet/stepUp';
import { fakeProvider, nonceResponse } from './walletFixture';

jest.mock('@/services/auth', () => ({ stepUpChallenge: jest.fn() }));
const mockedChallenge = stepUpChallenge as jest.Mock;

const challenge = nonceResponse({ nonce: 'StepUp1234567890', statement: 'Set pay password for PowerFi' });
beforeEach(() => {
  mockedChallenge.mockReset();
  mockedChallenge.mockResolvedValue(challenge);
  delete window.ethereum;
});

const signCalls = (provider: { request: jest.Mock }) => provider.request.mock.calls.filter(([call]) => call.method === 'personal_sign');

it('signs the challenge of the purpose for this page with the signed-in address', async () => {
  const provider = fakeProvider();
  setActiveProvider(provider);
  const proof = await proveWallet('payPassword.set', provider.wallet.address);
  expect(mockedChallenge).toHaveBeenCalledWith({ purpose: 'payPassword.set' }, { skipErrorHandler: true });
  const siwe = new SiweMessage(proof.message);
  expect(siwe).toMatchObject({ domain: 'localhost:8000', uri: 'http://localhost:8000', statement: 'Set pay password for PowerFi', nonce: challenge.nonce, address: provider.wallet.address });
  const { success } = await siwe.verify({ signature: proof.signature, domain: 'localhost:8000', nonce: challenge.nonce });
  expect(success).toBe(true);
});

it('refuses a wallet on another account than the signed-in one, signing nothing', async () => {
  const provider = fakeProvider();
  setActiveProvider(provider);
  const other = fakeProvider().wallet.address;
  await expect(proveWallet('payPassword.change', other)).rejects.toMatchObject({ code: 'WRONG_ACCOUNT' });
  expect(signCalls(provider)).toHaveLength(0);
  expect(mockedChallenge).not.toHaveBeenCalled();
});

it('says the user declined when the wallet rejects the signature', async () => {
  const provider = fakeProvider();
  setActiveProvider(provider);
  provider.rejectNext('personal_sign');
  const refusal = await proveWallet('payPassword.set', provider.wallet.address).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(WalletError);
  expect(refusal).toMatchObject({ code: 'USER_REJECTED' });
});
