/**
 * Label and value rows of the withdrawal screens (the confirmation, the detail): the label on one
 * line at the left whatever the width (a table's label column broke 提现地址 after two characters
 * at 360 px), the value at the right taking the rest, a long address breaking anywhere.
 */
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface SummaryRow {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

export default function SummaryRows({ rows, 'data-testid': testId }: { rows: SummaryRow[]; 'data-testid'?: string }) {
  return (
    <div data-testid={testId} style={{ margin: '12px 0' }}>
      {rows.map((row) => (
        <Flex key={row.key} justify="space-between" align="baseline" gap={12} style={{ padding: '6px 0' }} data-testid={`summary-${row.key}`}>
          <Typography.Text type="secondary" style={{ flex: 'none', whiteSpace: 'nowrap' }} data-testid="summary-label">
            {row.label}
          </Typography.Text>
          <div style={{ flex: '1 1 auto', minWidth: 0, textAlign: 'right', overflowWrap: 'anywhere' }}>{row.value}</div>
        </Flex>
      ))}
    </div>
  );
}
