/**
 * /my/address/add and /my/address/edit/:id: one form for both. Limits follow the contract's
 * AddressInput; messages come from the generic form messages of the locales.
 */
import { App, Button, Card, Form, Input, Switch } from 'antd';
import { useNavigate, useParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import type { AddressInputType } from '../../../../../contract/address';
import AsyncContent from '@/components/AsyncContent';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { addressApi } from '@/services';

interface FormValues {
  receiver: string;
  phone: string;
  province: string;
  city: string;
  district?: string;
  detail: string;
  isDefault: boolean;
}

function toInput(values: FormValues): AddressInputType {
  const { province, city, district = '', ...rest } = values;
  return { ...rest, region: { province, city, district } };
}

export default function MyAddressEditPage() {
  const t = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id } = useParams<{ id: string }>();
  const ready = !!useCurrentUser();
  const [form] = Form.useForm<FormValues>();

  const existing = useRequest(() => addressApi.get(id!), {
    ready: ready && !!id,
    onSuccess: ({ region, ...address }) => form.setFieldsValue({ ...address, ...region }),
  });
  const save = useRequest(
    async (values: FormValues) => {
      const input = toInput(values);
      await (id ? addressApi.update({ id, ...input }) : addressApi.create(input));
    },
    {
      manual: true,
      onSuccess: () => {
        message.success(t('common.saved'));
        navigate('/my/address', { replace: true });
      },
    },
  );

  return (
    <AsyncContent loading={existing.loading} error={existing.error} onRetry={existing.refresh} rows={6}>
      <Card size="small">
        <Form<FormValues> form={form} layout="vertical" initialValues={{ isDefault: false }} onFinish={save.run}>
          <Form.Item name="receiver" label={t('address.receiver')} rules={[{ required: true, whitespace: true }, { max: 32 }]}>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item name="phone" label={t('address.phone')} rules={[{ required: true }, { min: 5, max: 20 }]}>
            <Input type="tel" autoComplete="tel" />
          </Form.Item>
          <Form.Item name="province" label={t('address.province')} rules={[{ required: true, whitespace: true }, { max: 32 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="city" label={t('address.city')} rules={[{ required: true, whitespace: true }, { max: 32 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="district" label={t('address.district')} rules={[{ max: 32 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="detail" label={t('address.detail')} rules={[{ required: true, whitespace: true }, { min: 2, max: 120 }]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Form.Item name="isDefault" label={t('address.setDefault')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={save.loading}>
            {t('common.save')}
          </Button>
        </Form>
      </Card>
    </AsyncContent>
  );
}
