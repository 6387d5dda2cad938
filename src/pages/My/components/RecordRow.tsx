/**
 * One row of the /my money lists (conversions, transfers, ledger entries, deposits): what it is above a
 * detail line on the left, the amounts stacked on the right. Each page passes its own content.
 */
import { Flex, Typography } from 'antd';
import type { ComponentProps, ReactNode } from 'react';

/** The rows' small grey text (time, fee, balance after, hash); extra props and style (not its size) pass through. */
export function RecordNote({ style, ...props }: ComponentProps<typeof Typography.Text>) {
  return <Typography.Text type="secondary" style={{ ...style, fontSize: 12 }} {...props} />;
}

interface RecordRowProps {
  /** first line on the left: what the record is */
  title: ReactNode;
  /** second line on the left, usually the time */
  detail: ReactNode;
  /** the right column, top to bottom */
  amounts: ReactNode;
  'data-testid'?: string;
}

export default function RecordRow({ title, detail, amounts, 'data-testid': testId }: RecordRowProps) {
  return (
    <Flex justify="space-between" align="center" style={{ width: '100%' }} gap={8} data-testid={testId}>
      {/* minWidth 0 lets a long title or hash shrink instead of pushing the amounts out */}
      <div style={{ minWidth: 0 }}>
        {title}
        <br />
        {detail}
      </div>
      <Flex vertical align="end">
        {amounts}
      </Flex>
    </Flex>
  );
}
