/**
 * A Chinese keyboard in full-width mode types ０-９ and ．(or 。): amount, count and pay-password
 * fields read them as the ASCII digits and point before validation.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { createPluginManager } from '@@/core/plugin';
import { Form } from 'antd';
import AmountInput from '@/components/AmountInput';
import AppProviders from '@/components/AppProviders';
import CountInput from '@/components/AmountInput/CountInput';
import { halfWidthDigits } from '@/components/AmountInput/halfWidthDigits';
import PayPasswordField from '@/components/PayPasswordField';
import { enterPayPassword } from './payKeypad.harness';

jest.setTimeout(120_000);

createPluginManager();

beforeEach(() => localStorage.setItem('umi_locale', 'zh-CN'));

describe('halfWidthDigits', () => {
  it.each([
    ['１００', '100'],
    ['１２．５', '12.5'],
    ['１２。５', '12.5'],
    ['０.００１', '0.001'],
    ['１，０００', '1,000'],
    ['１２３４５６', '123456'],
    ['12.5', '12.5'],
  ])('reads %s as %s', (typed, read) => {
    expect(halfWidthDigits(typed)).toBe(read);
  });

  it('leaves other text as typed, for the field rule to refuse', () => {
    expect(halfWidthDigits('1e5')).toBe('1e5');
    expect(halfWidthDigits('一百')).toBe('一百');
  });
});

describe('fields', () => {
  it('the amount field hands on 12.5 for １２．５', () => {
    const onChange = jest.fn();
    render(<AmountInput id="amount" onChange={onChange} />, { wrapper: AppProviders });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '１２．５' } });
    expect(onChange).toHaveBeenLastCalledWith('12.5');
  });

  it('the count field hands on 3 for ３', () => {
    const onChange = jest.fn();
    render(<CountInput id="count" onChange={onChange} />, { wrapper: AppProviders });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '３' } });
    expect(onChange).toHaveBeenLastCalledWith('3');
  });

  it('the pay password accepts full-width digits as the six digits', async () => {
    let form: ReturnType<typeof Form.useForm>[0] | undefined;
    function Harness() {
      const [instance] = Form.useForm();
      form = instance;
      return (
        <Form form={instance}>
          <PayPasswordField forgotLink={false} />
        </Form>
      );
    }
    render(<Harness />, { wrapper: AppProviders });
    enterPayPassword(screen.getByLabelText('支付密码'), '１２３４５６');
    await expect(form!.validateFields()).resolves.toEqual({ payPassword: '123456' });
  });
});
