/**
 * The chunk loaded on the first message, notification or modal: antd's three hooks, whose holders
 * render where this component sits (inside the theme), and whose APIs go to `onReady`.
 */
import { message, Modal, notification } from 'antd';
import { useEffect } from 'react';
import type { FeedbackApi } from './deferredApi';

export default function Holders({ onReady }: { onReady: (api: FeedbackApi) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    onReady({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [onReady, messageApi, notificationApi, modalApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
