/**
 * The agreement a purchase needs: a checkbox whose whole row (at least 44 px tall) ticks it, and
 * a link under it that opens the agreement's text; agreeing there ticks the box too.
 */
import { Button, Checkbox, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '@/hooks/useT';

export default function AgreementField({ name }: { name: string }) {
  const t = useT();
  const form = Form.useFormInstance();
  const [reading, setReading] = useState(false);
  return (
    <>
      <Form.Item
        name={name}
        valuePropName="checked"
        style={{ marginBottom: 0 }}
        rules={[{ validator: (_, agreed) => (agreed ? Promise.resolve() : Promise.reject(new Error(t('buy.agreementRequired')))) }]}
      >
        <Checkbox style={{ minHeight: 44, width: '100%', alignItems: 'center' }}>
          <Typography.Text type="secondary">{t('buy.agreement')}</Typography.Text>
        </Checkbox>
      </Form.Item>
      <Button type="link" onClick={() => setReading(true)} style={{ height: 44, paddingInline: 0, marginBottom: 8 }} data-testid="agreement-open">
        {t('buy.agreementRead')}
      </Button>
      <Modal
        open={reading}
        centered
        title={t('buy.agreementTitle')}
        onCancel={() => setReading(false)}
        okText={t('buy.agreementAccept')}
        cancelText={t('buy.agreementClose')}
        onOk={() => {
          form.setFieldValue(name, true);
          void form.validateFields([name]).catch(() => undefined);
          setReading(false);
        }}
        styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-line' }} data-testid="agreement-text">
          {t('buy.agreementText')}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
