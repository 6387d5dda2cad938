/**
 * Province → city picker over the built-in region table (contract/rules/regions), searchable.
 * Its value is `[province, city]`; the district is typed separately.
 */
import { Cascader } from 'antd';
import { REGIONS } from '../../../../../contract/rules/regions';

export type RegionValue = [string, string];

const OPTIONS = REGIONS.map((province) => ({
  value: province.name,
  label: province.name,
  children: province.cities.map((city) => ({ value: city, label: city })),
}));

interface Props {
  value?: RegionValue;
  onChange?: (value: RegionValue) => void;
  placeholder?: string;
  id?: string;
}

export default function RegionPicker({ value, onChange, placeholder, id }: Props) {
  return (
    <Cascader
      id={id}
      options={OPTIONS}
      value={value}
      onChange={(next) => onChange?.(next as RegionValue)}
      placeholder={placeholder}
      showSearch={{ filter: (input, path) => path.some((option) => String(option.label).includes(input.trim())) }}
      allowClear={false}
      style={{ width: '100%' }}
    />
  );
}
