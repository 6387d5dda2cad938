/**
 * A grid of icon + label links, e.g. the entries of /my or the quick entries of the home page: four
 * to a row, six from 768 px (antd's md). The columns are CSS, not antd's Row and Col: a Row
 * subscribes to the screen's breakpoints as it mounts and at once renders again, synchronously,
 * inside the commit that mounted it (for a prerendered page, the commit that hydrates it).
 */
import { Card, Typography, theme } from 'antd';
import { Link, useIntl } from '@umijs/max';
import React from 'react';
import styles from './index.less';

export interface GridEntry {
  path: string;
  titleId: string;
  icon: React.ReactNode;
}

export default function EntryGrid({ entries }: { entries: GridEntry[] }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  return (
    <div className={styles.grid} data-testid="entry-grid">
      {entries.map((entry) => (
        <Link key={entry.path} to={entry.path}>
          <Card size="small" hoverable styles={{ body: { textAlign: 'center', padding: '12px 4px' } }}>
            <div style={{ fontSize: 24, color: token.colorPrimary }}>{entry.icon}</div>
            <Typography.Text style={{ fontSize: 12 }}>{intl.formatMessage({ id: entry.titleId })}</Typography.Text>
          </Card>
        </Link>
      ))}
    </div>
  );
}
