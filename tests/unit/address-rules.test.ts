/**
 * The address rules shared by the browser form and the server (contract/rules/address), the
 * region table behind the picker, and the selection-mode paths of the address book.
 */
import type { AddressInputType } from '../../contract/address';
import { addressProblems, checkCity, checkDetail, checkDistrict, checkPhone, checkProvince, checkReceiver, normalizeAddress } from '../../contract/rules/address';
import { citiesOf, REGIONS } from '../../contract/rules/regions';
import { pathWithAddress, selectAddressPath, selectionReturnPath } from '@/pages/My/Address/selection';

describe('phone numbers', () => {
  it.each([
    ['13800138000', 'mainland China mobile'],
    ['19912345678', 'mainland China mobile (19x)'],
    ['138 0013 8000', 'mainland China with spaces'],
    ['138-0013-8000', 'mainland China with hyphens'],
    ['51234567', 'Hong Kong'],
    ['23456789', 'Hong Kong landline'],
    ['66123456', 'Macau'],
    ['0912345678', 'Taiwan mobile'],
    ['+8613800138000', 'international (China)'],
    ['+14155552671', 'international (US)'],
  ])('accepts %s (%s)', (phone) => {
    expect(checkPhone(phone)).toBeNull();
  });

  it.each([
    ['', 'phoneRequired'],
    ['   ', 'phoneRequired'],
    ['12800138000', 'phoneInvalid'], // mainland mobiles start 13–19
    ['1380013800', 'phoneInvalid'], // 10 digits
    ['138001380001', 'phoneInvalid'], // 12 digits
    ['01234567', 'phoneInvalid'], // 8 digits starting 0
    ['0812345678', 'phoneInvalid'], // Taiwan mobiles start 09
    ['091234567', 'phoneInvalid'],
    ['+0123456789', 'phoneInvalid'], // no country code starts with 0
    ['+123', 'phoneInvalid'],
    ['+1234567890123456', 'phoneInvalid'], // over 15 digits
    ['1380013800a', 'phoneInvalid'],
  ])('refuses "%s" as %s', (phone, problem) => {
    expect(checkPhone(phone)).toBe(problem);
  });
});

describe('the other fields', () => {
  it('wants a receiver of 1–32 characters after trimming', () => {
    expect(checkReceiver(' 张三 ')).toBeNull();
    expect(checkReceiver('  ')).toBe('receiverRequired');
    expect(checkReceiver('名'.repeat(32))).toBeNull();
    expect(checkReceiver('名'.repeat(33))).toBe('receiverTooLong');
  });

  it('wants a province and a city of the table, the city inside its province', () => {
    expect(checkProvince('广东省')).toBeNull();
    expect(checkProvince('')).toBe('provinceRequired');
    expect(checkProvince('加州')).toBe('provinceUnknown');
    expect(checkCity('广东省', '深圳市')).toBeNull();
    expect(checkCity('广东省', '杭州市')).toBe('cityUnknown');
    expect(checkCity('广东省', ' ')).toBe('cityRequired');
    expect(checkCity('香港特别行政区', '九龙')).toBeNull();
    expect(checkCity('台湾省', '台北市')).toBeNull();
  });

  it('takes any district up to 32 characters, also none', () => {
    expect(checkDistrict('')).toBeNull();
    expect(checkDistrict('南山区')).toBeNull();
    expect(checkDistrict('区'.repeat(33))).toBe('districtTooLong');
  });

  it('wants a detail of 2–120 characters after trimming', () => {
    expect(checkDetail('  ')).toBe('detailRequired');
    expect(checkDetail(' 1 ')).toBe('detailTooShort');
    expect(checkDetail('8号')).toBeNull();
    expect(checkDetail('路'.repeat(120))).toBeNull();
    expect(checkDetail('路'.repeat(121))).toBe('detailTooLong');
  });
});

describe('a whole address', () => {
  const input: AddressInputType = {
    receiver: ' 张三 ',
    phone: '138 0013-8000',
    region: { province: ' 广东省', city: '深圳市 ', district: ' 南山区 ' },
    detail: ' 科技园 1 栋 ',
    isDefault: true,
  };

  it('is normalised the way the server stores it', () => {
    expect(normalizeAddress(input)).toEqual({
      receiver: '张三',
      phone: '13800138000',
      region: { province: '广东省', city: '深圳市', district: '南山区' },
      detail: '科技园 1 栋',
      isDefault: true,
    });
    expect(addressProblems(normalizeAddress(input))).toEqual([]);
  });

  it('reports every problem with its API field path, in form order; the city only once the province is known', () => {
    expect(addressProblems({ ...input, receiver: '', phone: '1', region: { province: '火星', city: '深圳市', district: '' }, detail: 'x' })).toEqual([
      { field: 'receiver', problem: 'receiverRequired' },
      { field: 'phone', problem: 'phoneInvalid' },
      { field: 'region.province', problem: 'provinceUnknown' },
      { field: 'detail', problem: 'detailTooShort' },
    ]);
    expect(addressProblems({ ...input, region: { province: '广东省', city: '西安市', district: '' } })).toEqual([{ field: 'region.city', problem: 'cityUnknown' }]);
  });
});

describe('the region table', () => {
  it('has the 34 province-level divisions, each with its cities, names unique', () => {
    expect(REGIONS).toHaveLength(34);
    expect(new Set(REGIONS.map((p) => p.name)).size).toBe(34);
    for (const province of REGIONS) {
      expect(province.cities.length).toBeGreaterThan(0);
      expect(new Set(province.cities).size).toBe(province.cities.length);
    }
    expect(citiesOf('北京市')).toEqual(['北京市']);
    expect(citiesOf('澳门特别行政区')).toContain('氹仔');
    expect(citiesOf('nowhere')).toEqual([]);
  });

  it('fits every name in the 32-character columns', () => {
    for (const province of REGIONS) {
      expect(province.name.length).toBeLessThanOrEqual(32);
      for (const city of province.cities) expect(city.length).toBeLessThanOrEqual(32);
    }
  });
});

describe('selection mode paths', () => {
  it('opens the address book for a return path and reads it back', () => {
    const path = selectAddressPath('/shopping/goods/7?sku=2');
    expect(path).toBe('/my/address?select=1&return=%2Fshopping%2Fgoods%2F7%3Fsku%3D2');
    expect(selectionReturnPath(path.slice(path.indexOf('?')))).toBe('/shopping/goods/7?sku=2');
  });

  it('is off without select=1 and refuses a return path outside the site', () => {
    expect(selectionReturnPath('')).toBeNull();
    expect(selectionReturnPath('?return=/shopping')).toBeNull();
    expect(selectionReturnPath('?select=1')).toBeNull();
    for (const evil of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(selectionReturnPath(`?select=1&return=${encodeURIComponent(evil)}`)).toBeNull();
    }
  });

  it('adds addressId to the return path, keeping its query and hash', () => {
    expect(pathWithAddress('/shopping/goods/7', '12')).toBe('/shopping/goods/7?addressId=12');
    expect(pathWithAddress('/shopping/goods/7?sku=2#buy', '12')).toBe('/shopping/goods/7?sku=2&addressId=12#buy');
    expect(pathWithAddress('/checkout?addressId=3', '12')).toBe('/checkout?addressId=12');
  });
});
