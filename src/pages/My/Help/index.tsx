/** /my/help: frequently asked questions on deposits, withdrawals, fees and products, and how to reach support. */
import { CustomerServiceOutlined } from '@ant-design/icons';
import { Card, Collapse, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { helpSections, type FaqItem } from './faq';

function Answer({ item }: { item: FaqItem }) {
  const t = useT();
  return (
    <>
      <Typography.Paragraph style={{ marginBottom: item.rows ? 8 : 0 }}>{t(`${item.key}.a`, item.values)}</Typography.Paragraph>
      {item.rows && (
        <ul style={{ paddingInlineStart: 20, margin: 0 }}>
          {item.rows.map((row) => (
            <li key={JSON.stringify(row.values)}>
              <Typography.Text>{t(row.id, row.values)}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default function HelpPage() {
  const t = useT();
  const user = useCurrentUser();
  const sections = useMemo(() => helpSections(), []);

  return (
    <Flex vertical gap={16}>
      {sections.map((section) => (
        <section key={section.key} data-testid={`help-${section.key}`}>
          <Typography.Title level={5}>{t(`help.section.${section.key}`)}</Typography.Title>
          <Collapse
            items={section.items.map((item) => ({
              key: item.key,
              label: t(`${item.key}.q`, item.values),
              children: <Answer item={item} />,
            }))}
          />
        </section>
      ))}
      <Card size="small">
        <Flex gap={12} align="center" data-testid="help-contact">
          <CustomerServiceOutlined style={{ fontSize: 20 }} aria-hidden />
          <Typography.Text>{t('help.contact', { uid: user?.uid ?? '' })}</Typography.Text>
        </Flex>
      </Card>
    </Flex>
  );
}
