/**
 * A labelled one-click copy control (antd Typography's copy, which falls back to execCommand
 * where the Clipboard API is missing, as in many wallets' DApp browsers).
 */
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Typography } from 'antd';

interface Props {
  text: string;
  label: string;
  copiedLabel: string;
}

export default function CopyButton({ text, label, copiedLabel }: Props) {
  return (
    <Typography.Text
      copyable={{
        text,
        tooltips: false,
        icon: [
          <span key="copy" style={{ whiteSpace: 'nowrap' }}>
            <CopyOutlined /> {label}
          </span>,
          <span key="copied" style={{ whiteSpace: 'nowrap' }}>
            <CheckOutlined /> {copiedLabel}
          </span>,
        ],
      }}
    />
  );
}
