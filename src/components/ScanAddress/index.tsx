/**
 * A scan button for an address field, beside its paste button: it opens the camera in a
 * full-screen sheet, reads a QR code and hands over the address it holds (./parse.ts). Shown only
 * where the browser can detect QR codes and open a camera (./support.ts).
 */
import { ScanOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import BottomSheet from '@/components/BottomSheet';
import { useT } from '@/hooks/useT';
import { parseScannedAddress } from './parse';
import { isScanSupported } from './support';
import { useQrScanner } from './useQrScanner';

interface SheetProps {
  open: boolean;
  onClose: () => void;
  onAddress: (address: string) => void;
}

function ScanSheet({ open, onClose, onAddress }: SheetProps) {
  const t = useT();
  const [refused, setRefused] = useState<string>();
  const { videoRef, state } = useQrScanner(open, (value) => {
    const result = parseScannedAddress(value);
    if ('error' in result) {
      setRefused(value);
      return false;
    }
    onAddress(result.address);
    onClose();
    return true;
  });

  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title={t('scan.title')}
      height="100%"
      destroyOnClose
      styles={{ wrapper: { maxHeight: '100%' }, body: { padding: 16 } }}
    >
      <Flex vertical gap={12} align="center">
        {state === 'failed' ? (
          <Alert type="error" showIcon message={t('scan.cameraFailed')} data-testid="scan-camera-failed" style={{ width: '100%' }} />
        ) : (
          <video
            ref={videoRef}
            muted
            playsInline
            data-testid="scan-video"
            style={{ width: '100%', maxWidth: 480, aspectRatio: '1', objectFit: 'cover', background: '#000', borderRadius: 8 }}
          />
        )}
        {refused !== undefined && (
          <Alert type="warning" showIcon message={t('scan.notAddress')} data-testid="scan-refused" style={{ width: '100%' }} />
        )}
        <Typography.Text type="secondary">{t('scan.hint')}</Typography.Text>
      </Flex>
    </BottomSheet>
  );
}

export default function ScanAddressButton({ onAddress, testId }: { onAddress: (address: string) => void; testId?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (!isScanSupported()) return null;
  return (
    <>
      <Button
        type="text"
        icon={<ScanOutlined />}
        aria-label={t('scan.button')}
        onClick={() => setOpen(true)}
        data-testid={testId}
        // a 44 px target that does not make the input taller
        style={{ width: 44, height: 44, marginBlock: -11 }}
      />
      <ScanSheet open={open} onClose={() => setOpen(false)} onAddress={onAddress} />
    </>
  );
}
