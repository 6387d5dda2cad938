/**
 * @jest-environment ./tests/unit/walletEnvironment.js
 *
 * The operator's wallet signatures. Step-up (useOperatorProof): the console asks a challenge for
 * one action on one target and the operator's wallet signs an EIP-4361 message for this page with
 * its nonce and its statement; another account, or a refusal in the wallet, signs nothing that
 * is sent. Sign-in: the console's own statement, the operator token under its own key, never the
 * user's.
 */
import { act, renderHook } from '@testing-library/react';
import { SiweMessage } from 'siwe';
import { OPERATOR_SIGN_IN_STATEMENT, operatorActionStatement } from '../../contract/rules/operators';
import { AdminContext } from '@/admin/context';
import { AdminApiError } from '@/admin/http';
import { nonce, signIn, stepUpChallenge } from '@/admin/services/core';
import { ADMIN_TOKEN_KEY } from '@/admin/session';
import { signInOperator } from '@/admin/signIn';
import { proveOperatorAction, useOperatorProof } from '@/admin/stepUp';
import { setActiveProvider } from '@/wallet/discovery';
import { WalletError } from '@/wallet/errors';
import { operatorMe } from './admin-fixtures';
import { fakeProvider, nonceResponse } from './walletFixture';

jest.mock('@/admin/services/core', () => ({ stepUpChallenge: jest.fn(), nonce: jest.fn(), signIn: jest.fn() }));
const mockedChallenge = stepUpChallenge as jest.Mock;
const mockedNonce = nonce as jest.Mock;
const mockedSignIn = signIn as jest.Mock;

const signCalls = (provider: { request: jest.Mock }) => provider.request.mock.calls.filter(([call]) => call.method === 'personal_sign');

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  delete window.ethereum;
});

describe('step-up of an operator action', () => {
  it('signs the server\'s challenge for the action and target, as a message for this page', async () => {
    const provider = fakeProvider({ chainId: 56 });
    setActiveProvider(provider);
    const statement = operatorActionStatement('withdraw.approve', '12');
    mockedChallenge.mockResolvedValue(nonceResponse({ nonce: 'OpStepUp12345678', statement, chainIds: [1, 56] }));

    const { result } = renderHook(() => useOperatorProof(), {
      wrapper: ({ children }) => (
        <AdminContext.Provider value={{ me: operatorMe('reviewer', provider.wallet.address), signOut: async () => undefined }}>{children}</AdminContext.Provider>
      ),
    });
    let proof: { message: string; signature: string } | undefined;
    await act(async () => {
      proof = await result.current('withdraw.approve', '12');
    });

    expect(mockedChallenge).toHaveBeenCalledWith({ action: 'withdraw.approve', target: '12' });
    const siwe = new SiweMessage(proof!.message);
    expect(siwe).toMatchObject({
      domain: 'localhost:8000',
      uri: 'http://localhost:8000',
      statement: 'Approve withdrawal 12 in the PowerFi operator console',
      nonce: 'OpStepUp12345678',
      address: provider.wallet.address,
      chainId: 56,
      version: '1',
    });
    const { success } = await siwe.verify({ signature: proof!.signature, domain: 'localhost:8000', nonce: 'OpStepUp12345678' });
    expect(success).toBe(true);
  });

  it('refuses a wallet on another account than the operator\'s, before asking a challenge', async () => {
    const provider = fakeProvider();
    setActiveProvider(provider);
    const other = fakeProvider().wallet.address;
    await expect(proveOperatorAction('deposit.credit', '0xabc', other)).rejects.toMatchObject({ code: 'WRONG_ACCOUNT' });
    expect(mockedChallenge).not.toHaveBeenCalled();
    expect(signCalls(provider)).toHaveLength(0);
  });

  it('says the operator declined when the wallet rejects the signature', async () => {
    const provider = fakeProvider();
    setActiveProvider(provider);
    provider.rejectNext('personal_sign');
    mockedChallenge.mockResolvedValue(nonceResponse({ statement: operatorActionStatement('mall.refund', '5') }));
    const refusal = await proveOperatorAction('mall.refund', '5', provider.wallet.address).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(WalletError);
    expect(refusal).toMatchObject({ code: 'USER_REJECTED' });
  });

  it('passes the server\'s refusal of the challenge on as it came', async () => {
    const provider = fakeProvider();
    setActiveProvider(provider);
    const refused = new AdminApiError(403, { errCode: 'FORBIDDEN', errMessage: '你的角色沒有權限執行此操作', errKey: 'admin.forbidden' });
    mockedChallenge.mockRejectedValue(refused);
    await expect(proveOperatorAction('approval.confirm', '3', provider.wallet.address)).rejects.toBe(refused);
    expect(signCalls(provider)).toHaveLength(0);
  });
});

describe('operator sign-in', () => {
  it('signs the console\'s statement with the issued nonce and keeps the operator token apart from the user\'s', async () => {
    const provider = fakeProvider();
    localStorage.setItem('token', 'user-token');
    mockedNonce.mockResolvedValue(nonceResponse({ nonce: 'OpSignIn12345678', statement: 'Sign in to PowerFi' }));
    mockedSignIn.mockResolvedValue({ token: 'operator-token', expiresAt: '2026-01-02 03:04:05', me: operatorMe('admin', provider.wallet.address) });

    await signInOperator(provider);

    const [[body, options]] = mockedSignIn.mock.calls;
    expect(options).toEqual({ keepOn401: true });
    const siwe = new SiweMessage(body.message);
    expect(siwe).toMatchObject({ statement: OPERATOR_SIGN_IN_STATEMENT, nonce: 'OpSignIn12345678', address: provider.wallet.address, domain: 'localhost:8000' });
    expect((await siwe.verify({ signature: body.signature })).success).toBe(true);
    expect(sessionStorage.getItem(ADMIN_TOKEN_KEY)).toBe('operator-token');
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBe('operator-token');
    expect(localStorage.getItem('token')).toBe('user-token');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('stores nothing when the server refuses the signature', async () => {
    const provider = fakeProvider();
    mockedNonce.mockResolvedValue(nonceResponse({}));
    mockedSignIn.mockRejectedValue(new AdminApiError(401, { errCode: 'UNAUTHORIZED', errKey: 'admin.signIn.notOperator', errMessage: '此錢包地址不是已啟用的營運人員' }));
    await expect(signInOperator(provider)).rejects.toBeInstanceOf(AdminApiError);
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });
});
