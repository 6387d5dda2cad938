/**
 * The invite poster, drawn when the sheet opens: a hidden antd QRCode renders the link on a
 * canvas, the poster is drawn around it (./poster.ts) and shown as an image. On a phone the image
 * fills the screen with a hint to long-press it (WeChat and wallet browsers ignore downloads but
 * offer "save image" on a long press); on a computer a link downloads it.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, QRCode, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { InviteDetailsType } from '../../../../contract/invite';
import BottomSheet from '@/components/BottomSheet';
import { APP_NAME } from '@/constants/app';
import { useIsPhone } from '@/hooks/useIsPhone';
import { useT } from '@/hooks/useT';
import { posterModel, renderPoster } from './poster';

interface Props {
  details: Pick<InviteDetailsType, 'code' | 'link'>;
  open: boolean;
  onClose: () => void;
}

type Drawn = { image: string } | { failed: true } | null;

export default function PosterSheet({ details, open, onClose }: Props) {
  const t = useT();
  const isPhone = useIsPhone();
  const qrHolder = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<Drawn>(null);

  useEffect(() => {
    if (!open) return undefined;
    // the QR canvas is drawn in its own effect; read it on the next frame
    const frame = requestAnimationFrame(() => {
      const qr = qrHolder.current?.querySelector('canvas');
      const image = qr ? renderPoster(posterModel(details, APP_NAME, t), qr) : null;
      setDrawn(image ? { image } : { failed: true });
    });
    return () => {
      cancelAnimationFrame(frame);
      setDrawn(null);
    };
  }, [open, details, t]);

  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title={t('invitePoster.title')}
      height={isPhone ? '100%' : 'auto'}
      styles={{ wrapper: { maxHeight: isPhone ? '100%' : '90vh' }, body: { padding: 16 } }}
    >
      {open && (
        <div ref={qrHolder} aria-hidden style={{ position: 'absolute', left: -10000, top: 0 }}>
          <QRCode value={details.link} size={400} color="#000000" bgColor="#ffffff" bordered={false} type="canvas" />
        </div>
      )}
      <Flex vertical align="center" gap={12}>
        {drawn === null && <Spin />}
        {drawn && 'failed' in drawn && <Typography.Text type="danger">{t('invitePoster.failed')}</Typography.Text>}
        {drawn && 'image' in drawn && (
          <>
            <img
              src={drawn.image}
              alt={t('invitePoster.alt', { code: details.code })}
              data-testid="invite-poster-image"
              style={{ width: '100%', maxWidth: 375, maxHeight: isPhone ? 'calc(100vh - 160px)' : '70vh', objectFit: 'contain', borderRadius: 8 }}
            />
            {isPhone ? (
              <Typography.Text strong data-testid="invite-poster-hint">
                {t('invitePoster.longPress')}
              </Typography.Text>
            ) : (
              <Button type="primary" icon={<DownloadOutlined />} href={drawn.image} download={`${APP_NAME}-invite-${details.code}.png`} data-testid="invite-poster-download">
                {t('invitePoster.download')}
              </Button>
            )}
          </>
        )}
      </Flex>
    </BottomSheet>
  );
}
