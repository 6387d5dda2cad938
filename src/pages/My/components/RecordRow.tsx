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
      {/* the left side takes what is left and breaks long words (a 66-character tx hash) */}
      <div style={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}>
        {title}
        <br />
        {detail}
      </div>
      {/* the amounts never shrink or wrap: "+5,000 USDT" stays on one line */}
      <Flex vertical align="end" style={{ flex: 'none', whiteSpace: 'nowrap' }}>
        {amounts}
      </Flex>
    </Flex>
  );
}
