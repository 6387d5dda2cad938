/** A grid of icon + label links, e.g. the entries of /my or the quick entries of the home page. */
import { Card, Col, Row, Typography, theme } from 'antd';
import { Link, useIntl } from '@umijs/max';
import React from 'react';

export interface GridEntry {
  path: string;
  titleId: string;
  icon: React.ReactNode;
}

export default function EntryGrid({ entries }: { entries: GridEntry[] }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  return (
    <Row gutter={[12, 12]}>
      {entries.map((entry) => (
        <Col key={entry.path} xs={6} sm={6} md={4}>
          <Link to={entry.path}>
            <Card size="small" hoverable styles={{ body: { textAlign: 'center', padding: '12px 4px' } }}>
              <div style={{ fontSize: 24, color: token.colorPrimary }}>{entry.icon}</div>
              <Typography.Text style={{ fontSize: 12 }}>{intl.formatMessage({ id: entry.titleId })}</Typography.Text>
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
