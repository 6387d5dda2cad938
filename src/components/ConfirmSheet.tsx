/**
 * The frame of a pay-password confirmation (PayPasswordSheet, PaySheet): a BottomSheet whose
 * content is built anew at each opening, and `onClosed` once it is closed (the attempt's key is
 * forgotten: the next opening may carry another request).
 */
import type { ReactNode } from 'react';
import BottomSheet from '@/components/BottomSheet';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  onClosed: () => void;
  children: ReactNode;
}

export default function ConfirmSheet({ open, title, onClose, onClosed, children }: Props) {
  return (
    <BottomSheet
      open={open}
      title={title}
      destroyOnClose
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) onClosed();
      }}
      styles={{ body: { paddingBottom: 24 } }}
    >
      {children}
    </BottomSheet>
  );
}
