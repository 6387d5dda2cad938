/**
 * The shared address form: the shared rules' Chinese sentences on the fields, and a submitted
 * form handing over the normalised AddressInput.
 */
import { IntlProvider } from '@umijs/max';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type React from 'react';
import type { AddressType } from '../../contract/address';
import AddressForm from '@/pages/My/components/AddressForm';
import { addressFormRules, toAddressInput } from '@/pages/My/components/AddressForm/rules';
import zhCN from '@/locales/zh-CN';

// react-intl's class typings (as re-exported by Umi) omit `children`
const TestIntl = IntlProvider as unknown as React.FC<{ locale: string; messages: Record<string, string>; children: React.ReactNode }>;

const saved: AddressType = {
  id: '5',
  receiver: '张三',
  phone: '13800138000',
  region: { province: '广东省', city: '深圳市', district: '南山区' },
  detail: '科技园 1 栋',
  isDefault: false,
  createdAt: '2026-03-01 10:00:00',
};

function renderForm(address?: AddressType) {
  const onSubmit = jest.fn();
  const view = render(
    <TestIntl locale="zh-CN" messages={zhCN}>
      <AddressForm address={address} onSubmit={onSubmit} />
    </TestIntl>,
  );
  return { ...view, onSubmit };
}

// antd forms validate asynchronously; a busy machine needs more than the default second
jest.setTimeout(120_000);
const SLOW = { timeout: 30_000 };

const submit = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('AddressForm', () => {
  it('shows the Chinese sentence of every missing required field', async () => {
    const { onSubmit } = renderForm();
    submit();
    for (const text of ['请输入收货人姓名', '请输入手机号码', '请选择省份/地区', '请输入详细地址']) {
      expect(await screen.findByText(text, undefined, SLOW)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a malformed phone number with the format sentence, like the server', async () => {
    const { onSubmit } = renderForm(saved);
    await waitFor(() => expect(input('手机号码').value).toBe('13800138000'), SLOW);
    fireEvent.change(input('手机号码'), { target: { value: '12800138000' } });
    submit();
    expect(await screen.findByText(/手机号码格式不正确/, undefined, SLOW)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands over the normalised address when every field is valid', async () => {
    const { onSubmit } = renderForm(saved);
    await waitFor(() => expect(input('收货人').value).toBe('张三'), SLOW);
    fireEvent.change(input('手机号码'), { target: { value: '+852 5123-4567' } });
    fireEvent.change(input('详细地址'), { target: { value: '  弥敦道 100 号  ' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), SLOW);
    expect(onSubmit).toHaveBeenCalledWith({
      receiver: '张三',
      phone: '+85251234567',
      region: { province: '广东省', city: '深圳市', district: '南山区' },
      detail: '弥敦道 100 号',
      isDefault: false,
    });
  });

  it('keeps the default switch on and locked for the default address', async () => {
    renderForm({ ...saved, isDefault: true });
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'), SLOW);
    expect(toggle).toBeDisabled();
    expect(screen.getByText('这是默认地址；如需更换，请将其他地址设为默认')).toBeInTheDocument();
  });
});

describe('addressFormRules', () => {
  const t = (id: string, values?: Record<string, string | number>) => `${id}${values ? `:${values.detailMax}` : ''}`;
  const rules = addressFormRules(t);
  const run = async (rule: (typeof rules)['region'][number], value: unknown) => {
    try {
      await (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('checks the picked region: nothing picked, an unknown province, a city of another province, a missing or foreign district', async () => {
    expect(await run(rules.region[0], undefined)).toBe('address.rule.provinceRequired:120');
    expect(await run(rules.region[0], ['火星', '深圳市'])).toBe('address.rule.provinceUnknown:120');
    expect(await run(rules.region[0], ['广东省', '杭州市'])).toBe('address.rule.cityUnknown:120');
    expect(await run(rules.region[0], ['广东省', '深圳市'])).toBe('address.rule.districtRequired:120');
    expect(await run(rules.region[0], ['广东省', '深圳市', '西湖区'])).toBe('address.rule.districtUnknown:120');
    expect(await run(rules.region[0], ['广东省', '深圳市', '南山区'])).toBeNull();
    // a city without a district list: the district is typed in its own field
    expect(await run(rules.region[0], ['湖北省', '仙桃市'])).toBeNull();
  });

  it('turns form values into the API input: the picked district, or the typed one where the city has no list', () => {
    const values = { receiver: 'a', phone: '66123456', detail: '路 1 号', isDefault: true };
    expect(toAddressInput({ ...values, region: ['澳门特别行政区', '氹仔', '嘉模堂区'], district: '旧的' })).toEqual({
      ...values,
      region: { province: '澳门特别行政区', city: '氹仔', district: '嘉模堂区' },
    });
    expect(toAddressInput({ ...values, region: ['湖北省', '仙桃市'], district: ' 沙嘴街道 ' })).toEqual({
      ...values,
      region: { province: '湖北省', city: '仙桃市', district: '沙嘴街道' },
    });
  });
});
