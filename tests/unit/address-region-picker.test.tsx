/**
 * The address form's region picker: a sheet listing provinces, then cities, then districts, each a
 * tap; the district is typed only for a city without a district list. The shared district rule
 * (contract/rules/address) refuses what a careless API user sends.
 */
import { IntlProvider } from '@umijs/max';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type React from 'react';
import AddressForm from '@/pages/My/components/AddressForm';
import { addressProblems, checkDistrict } from '../../contract/rules/address';
import { DISTRICTS, REGIONS, districtsOf } from '../../contract/rules/regions';
import zhCN from '@/locales/zh-CN';

const TestIntl = IntlProvider as unknown as React.FC<{ locale: string; messages: Record<string, string>; children: React.ReactNode }>;

jest.setTimeout(120_000);
const SLOW = { timeout: 30_000 };

function renderForm() {
  const onSubmit = jest.fn();
  render(
    <TestIntl locale="zh-CN" messages={zhCN}>
      <AddressForm onSubmit={onSubmit} />
    </TestIntl>,
  );
  return onSubmit;
}

const regionField = () => screen.getByLabelText('所在地区') as HTMLInputElement;
/** Taps the option `name` of the sheet's current step (found by test id and text: role queries walk all of jsdom's styles, minutes under load). */
const tap = async (name: string) => {
  const list = await screen.findByTestId('region-options', undefined, SLOW);
  fireEvent.click((await within(list).findByText(name, { selector: '[data-testid="region-option"] span' }, SLOW)).closest('button')!);
};

describe('RegionPicker in the address form', () => {
  it('picks province, city and district from lists, without a typed district field', async () => {
    const onSubmit = renderForm();
    fireEvent.click(regionField());
    await tap('广东省');
    await tap('深圳市');
    await tap('南山区');
    await waitFor(() => expect(regionField().value).toBe('广东省 / 深圳市 / 南山区'), SLOW);
    expect(screen.queryByLabelText('区/县')).toBeNull();

    fireEvent.change(screen.getByLabelText('收货人'), { target: { value: '张三' } });
    fireEvent.change(screen.getByLabelText('手机号码'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByLabelText('详细地址'), { target: { value: '科技园 1 栋' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), SLOW);
    expect(onSubmit.mock.calls[0][0].region).toEqual({ province: '广东省', city: '深圳市', district: '南山区' });
  });

  it('skips the city step of a municipality', async () => {
    renderForm();
    fireEvent.click(regionField());
    await tap('北京市');
    await tap('朝阳区');
    await waitFor(() => expect(regionField().value).toBe('北京市 / 朝阳区'), SLOW);
  });

  it('asks for the district as text where the city has no district list', async () => {
    renderForm();
    fireEvent.click(regionField());
    await tap('湖北省');
    await tap('仙桃市');
    await waitFor(() => expect(regionField().value).toBe('湖北省 / 仙桃市'), SLOW);
    expect(await screen.findByLabelText('区/县', undefined, SLOW)).toBeInTheDocument();
  });
});

describe('the district rule', () => {
  it('takes only a listed district of a listed city, and is required there', () => {
    expect(checkDistrict('南山区', '广东省', '深圳市')).toBeNull();
    expect(checkDistrict(' 南山区 ', '广东省', '深圳市')).toBeNull();
    expect(checkDistrict('', '广东省', '深圳市')).toBe('districtRequired');
    // what a careless user types: no suffix, Traditional characters, another city's district
    for (const typed of ['南山', '南山區', '西湖区', '深圳市南山区']) expect(checkDistrict(typed, '广东省', '深圳市')).toBe('districtUnknown');
    expect(checkDistrict('区'.repeat(33), '广东省', '深圳市')).toBe('districtTooLong');
  });

  it('takes any district up to the limit where the city has no list', () => {
    expect(checkDistrict('沙嘴街道', '湖北省', '仙桃市')).toBeNull();
    expect(checkDistrict('', '湖北省', '仙桃市')).toBeNull();
    expect(checkDistrict('区'.repeat(33), '湖北省', '仙桃市')).toBe('districtTooLong');
  });

  it('reports the district field among an address problems', () => {
    const input = { receiver: '张三', phone: '13800138000', region: { province: '广东省', city: '深圳市', district: '南山' }, detail: '科技园 1 栋', isDefault: false };
    expect(addressProblems(input)).toEqual([{ field: 'region.district', problem: 'districtUnknown' }]);
  });

  it('lists districts only for cities of the region table, and names no inherited keys', () => {
    for (const [province, cities] of Object.entries(DISTRICTS)) {
      const known = REGIONS.find((p) => p.name === province)?.cities ?? [];
      for (const city of Object.keys(cities)) expect({ province, city, known: known.includes(city) }).toEqual({ province, city, known: true });
    }
    expect(districtsOf('constructor', 'name')).toEqual([]);
    expect(districtsOf('广东省', 'constructor')).toEqual([]);
    expect(districtsOf('北京市', '北京市')).toContain('海淀区');
  });
});
