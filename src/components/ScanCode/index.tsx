/**
 * A QR code that wallets can scan: always dark modules on a white ground, whatever the theme
 * (inverted codes defeat many scanners), with a quiet zone of at least four modules around it.
 */
import { QRCode } from 'antd';

/** Four modules of the coarsest code shown: a 42-character address is a version 3 code (29 modules), 6.2 px each at 180 px. */
const QUIET_ZONE_PX = 28;

interface Props {
  value: string;
  /** what the code holds, for screen readers (the canvas is an image) */
  label: string;
  size?: number;
  'data-testid'?: string;
}

export default function ScanCode({ value, label, size = 176, 'data-testid': testId }: Props) {
  return (
    <div data-testid={testId} style={{ padding: QUIET_ZONE_PX, background: '#ffffff', borderRadius: 8, lineHeight: 0 }}>
      <QRCode aria-label={label} value={value} size={size} color="#000000" bgColor="#ffffff" bordered={false} type="canvas" />
    </div>
  );
}
