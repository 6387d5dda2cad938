/**
 * The one address form of /my/address/add and /my/address/edit/:id: receiver, phone, region
 * (province → city → district picker; the district typed only for a city without a list), detail
 * and the default switch, validated by the shared rules.
 */
import { Button, Form, Input, Switch } from 'antd';
import { useEffect, useMemo } from 'react';
import type { AddressInputType, AddressType } from '../../../../../contract/address';
import { ADDRESS_LIMITS } from '../../../../../contract/rules/address';
import { useT } from '@/hooks/useT';
import RegionPicker, { type RegionValue } from '../RegionPicker';
import { addressFormRules, hasDistrictList, toAddressInput, toFormValues, type AddressFormValues } from './rules';

interface Props {
  /** the address being edited; absent when adding */
  address?: AddressType;
  submitting?: boolean;
  onSubmit: (input: AddressInputType) => void;
}

export default function AddressForm({ address, submitting, onSubmit }: Props) {
  const t = useT();
  const [form] = Form.useForm<AddressFormValues>();
  const rules = useMemo(() => addressFormRules(t), [t]);
  // the default moves by choosing another address, never by switching this one off
  const defaultLocked = !!address?.isDefault;

  useEffect(() => {
    if (address) form.setFieldsValue(toFormValues(address));
  }, [address, form]);

  return (
    <Form<AddressFormValues>
      form={form}
      layout="vertical"
      initialValues={{ isDefault: false }}
      onFinish={(values) => onSubmit(toAddressInput(values))}
      validateTrigger="onBlur"
    >
      <Form.Item name="receiver" label={t('address.receiver')} required rules={rules.receiver}>
        <Input autoComplete="name" maxLength={ADDRESS_LIMITS.receiverMax} />
      </Form.Item>
      <Form.Item name="phone" label={t('address.phone')} required rules={rules.phone} extra={t('address.phoneHelp')}>
        <Input type="tel" autoComplete="tel" inputMode="tel" maxLength={20} />
      </Form.Item>
      <Form.Item name="region" label={t('address.region')} required rules={rules.region} validateTrigger="onChange">
        <RegionPicker placeholder={t('address.regionPlaceholder')} />
      </Form.Item>
      {/* typed only where the region table has no districts for the chosen city */}
      <Form.Item noStyle shouldUpdate={(before, after) => before.region !== after.region}>
        {({ getFieldValue }) => {
          const [province, city] = (getFieldValue('region') as RegionValue | undefined) ?? [];
          return (
            province && city && !hasDistrictList(province, city) && (
              <Form.Item name="district" label={t('address.district')} rules={rules.district}>
                <Input placeholder={t('address.districtPlaceholder')} maxLength={ADDRESS_LIMITS.regionMax} />
              </Form.Item>
            )
          );
        }}
      </Form.Item>
      <Form.Item name="detail" label={t('address.detail')} required rules={rules.detail}>
        <Input.TextArea placeholder={t('address.detailPlaceholder')} autoSize={{ minRows: 2, maxRows: 4 }} maxLength={ADDRESS_LIMITS.detailMax} />
      </Form.Item>
      <Form.Item
        name="isDefault"
        label={t('address.setDefault')}
        valuePropName="checked"
        extra={defaultLocked ? t('address.defaultLocked') : undefined}
      >
        <Switch disabled={defaultLocked} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
