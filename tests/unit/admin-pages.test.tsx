/**
 * Console pages rendered with their services mocked: the withdrawal queue shows 待第二人复核 on a
 * large withdrawal its first reviewer approved (whose own approve button is off) and a second
 * reviewer's approve signs and sends; the approvals page confirms with a fresh signature; the
 * operators page asks to add an operator; a server refusal is shown in its own words.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createPluginManager } from '@@/core/plugin';
import { coreApi, moneyApi } from '@/admin/services';
import { useOperatorProof } from '@/admin/stepUp';
import ApprovalsPage from '@/pages/Admin/Approvals';
import OperatorsPage from '@/pages/Admin/Operators';
import WithdrawalsPage from '@/pages/Admin/Withdrawals';
import { ConsoleProviders, operatorMe } from './admin-fixtures';

jest.mock('@/admin/services', () => ({
  coreApi: { approvals: jest.fn(), confirmApproval: jest.fn(), cancelApproval: jest.fn(), operators: jest.fn(), addOperator: jest.fn(), updateOperator: jest.fn() },
  moneyApi: { withdrawals: jest.fn(), approveWithdrawal: jest.fn(), rejectWithdrawal: jest.fn() },
}));
jest.mock('@/admin/stepUp', () => ({ useOperatorProof: jest.fn() }));

// antd and pro-components renders are heavy in jsdom
jest.setTimeout(120_000);
createPluginManager();

const proof = { message: 'signed message', signature: `0x${'1'.repeat(130)}` };
const prove = jest.fn(async () => proof);
const FIRST = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const SECOND = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 20 });
const user = { id: '1', uid: '100001', address: '0x4B20993Bc481177ec7E8f571ceCaE8A9e22C02db', frozen: false, createdAt: '2026-01-01 00:00:00' };
const largeWithdrawal = {
  id: '12', user, status: 'review', currency: 'USDT', network: 'ERC20', toAddress: '0x2546BcD3c84621e976D8185a91A922aE77ECEc30', toLabel: '',
  amount: '25000', fee: '5', reviewReasons: ['amount'], operator: null, reason: null, txHash: null, createdAt: '2026-01-02 03:04:05', reviewedAt: null,
  needsSecondApproval: true, pendingApprovalId: '31', firstApprover: FIRST,
};
const pendingApproval = {
  id: '31', action: 'operator.add', target: 'address:0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', payload: { address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', role: 'reviewer' },
  status: 'pending', requestedBy: FIRST, reason: '新同事', requestedAt: '2026-01-02 03:04:05', decidedBy: null, decidedAt: null,
};

beforeEach(() => {
  jest.clearAllMocks();
  (useOperatorProof as jest.Mock).mockReturnValue(prove);
});

async function openAndSubmit(testId: string, reason?: string) {
  fireEvent.click(await screen.findByTestId(testId));
  const submit = await screen.findByTestId(`${testId}-submit`);
  if (reason !== undefined) fireEvent.change(await screen.findByTestId(`${testId}-reason`), { target: { value: reason } });
  await act(async () => {
    fireEvent.click(submit);
  });
}

describe('withdrawals', () => {
  it('shows 待第二人复核 and keeps the first reviewer from approving again', async () => {
    (moneyApi.withdrawals as jest.Mock).mockResolvedValue(page([largeWithdrawal]));
    render(
      <ConsoleProviders me={operatorMe('reviewer', FIRST)} path="/admin/withdrawals?status=review">
        <WithdrawalsPage />
      </ConsoleProviders>,
    );
    expect(await screen.findByTestId('admin-awaiting-second')).toHaveTextContent('待第二人复核');
    expect(moneyApi.withdrawals).toHaveBeenCalledWith(expect.objectContaining({ page: 1, pageSize: 20, status: 'review' }));
    expect(screen.getByTestId('admin-withdrawal-approve-12')).toBeDisabled();
  });

  it('a second reviewer\'s approve signs withdraw.approve on the withdrawal and sends the proof', async () => {
    (moneyApi.withdrawals as jest.Mock).mockResolvedValue(page([largeWithdrawal]));
    (moneyApi.approveWithdrawal as jest.Mock).mockResolvedValue({ outcome: 'approved', withdrawal: { ...largeWithdrawal, status: 'processing' }, approval: null });
    render(
      <ConsoleProviders me={operatorMe('reviewer', SECOND, '9')}>
        <WithdrawalsPage />
      </ConsoleProviders>,
    );
    expect(await screen.findByTestId('admin-withdrawal-approve-12')).toHaveTextContent('复核通过');
    await openAndSubmit('admin-withdrawal-approve-12');
    await waitFor(() => expect(moneyApi.approveWithdrawal).toHaveBeenCalledWith('12', { proof }));
    expect(prove).toHaveBeenCalledWith('withdraw.approve', '12');
    expect(await screen.findByText('已通过，提现交给签名服务发出')).toBeInTheDocument();
  });

  it('a reject needs a reason, and the server\'s refusal stays in the form in its words', async () => {
    (moneyApi.withdrawals as jest.Mock).mockResolvedValue(page([{ ...largeWithdrawal, pendingApprovalId: null, firstApprover: null }]));
    const { AdminApiError } = jest.requireActual('@/admin/http');
    (moneyApi.rejectWithdrawal as jest.Mock).mockRejectedValue(new AdminApiError(409, { errCode: 'CONFLICT', errMessage: '這筆提現已經處理過' }));
    render(
      <ConsoleProviders me={operatorMe('reviewer', SECOND, '9')}>
        <WithdrawalsPage />
      </ConsoleProviders>,
    );
    await openAndSubmit('admin-withdrawal-reject-12');
    expect(await screen.findByText('请填写原因')).toBeInTheDocument();
    expect(moneyApi.rejectWithdrawal).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('admin-withdrawal-reject-12-reason'), { target: { value: ' 地址可疑 ' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('admin-withdrawal-reject-12-submit'));
    });
    await waitFor(() => expect(moneyApi.rejectWithdrawal).toHaveBeenCalledWith('12', { proof, reason: '地址可疑' }));
    expect(prove).toHaveBeenCalledWith('withdraw.reject', '12');
    expect(await screen.findByTestId('admin-action-error')).toHaveTextContent('這筆提現已經處理過');
  });
});

describe('approvals', () => {
  it('a second admin confirms with a fresh signature naming the approval', async () => {
    (coreApi.approvals as jest.Mock).mockResolvedValue(page([pendingApproval]));
    (coreApi.confirmApproval as jest.Mock).mockResolvedValue({ approval: { ...pendingApproval, status: 'done' } });
    render(
      <ConsoleProviders me={operatorMe('admin', SECOND, '9')}>
        <ApprovalsPage />
      </ConsoleProviders>,
    );
    const table = await screen.findByTestId('admin-approvals-table');
    expect(await within(table).findByText(/添加运营人员 0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65 → 审核员/)).toBeInTheDocument();
    expect(coreApi.approvals).toHaveBeenCalledWith(expect.objectContaining({ status: 'pending' }));
    await openAndSubmit('admin-approval-confirm-31');
    await waitFor(() => expect(coreApi.confirmApproval).toHaveBeenCalledWith('31', { proof }));
    expect(prove).toHaveBeenCalledWith('approval.confirm', '31');
  });

  it('whoever asked cannot confirm it', async () => {
    (coreApi.approvals as jest.Mock).mockResolvedValue(page([pendingApproval]));
    render(
      <ConsoleProviders me={operatorMe('admin', FIRST)}>
        <ApprovalsPage />
      </ConsoleProviders>,
    );
    expect(await screen.findByTestId('admin-approval-confirm-31')).toBeDisabled();
    expect(screen.getByTestId('admin-approval-cancel-31')).toBeEnabled();
  });
});

describe('operators', () => {
  it('adding an operator asks for a second admin, with the address, role and reason', async () => {
    (coreApi.operators as jest.Mock).mockResolvedValue([operatorMe('admin').operator]);
    (coreApi.addOperator as jest.Mock).mockResolvedValue({ approval: pendingApproval });
    render(
      <ConsoleProviders me={operatorMe('admin')}>
        <OperatorsPage />
      </ConsoleProviders>,
    );
    fireEvent.click(await screen.findByTestId('admin-operator-add'));
    fireEvent.change(await screen.findByTestId('admin-operator-add-address'), { target: { value: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' } });
    fireEvent.click(screen.getByText('审核员'));
    fireEvent.change(screen.getByTestId('admin-operator-add-reason'), { target: { value: '新同事' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('admin-operator-add-submit'));
    });
    await waitFor(() =>
      expect(coreApi.addOperator).toHaveBeenCalledWith({ address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', role: 'reviewer', reason: '新同事' }),
    );
    expect(prove).not.toHaveBeenCalled();
    expect(await screen.findByText('已提交，等待另一位管理员确认')).toBeInTheDocument();
  });
});
