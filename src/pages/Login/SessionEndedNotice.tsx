/**
 * Why the login page opened by itself: the server ended this device's session (signed out on
 * another device, revoked, or expired; src/utils/sessionEnded.ts). Said once: the reason is
 * forgotten as soon as it is shown, so a later visit to /login starts clean.
 */
import { useIntl } from '@umijs/max';
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { forgetSessionEnded, readSessionEnded } from '@/utils/sessionEnded';

export default function SessionEndedNotice() {
  const intl = useIntl();
  const [reason] = useState(readSessionEnded);
  useEffect(() => {
    if (reason) forgetSessionEnded();
  }, [reason]);
  if (!reason) return null;
  return <Alert data-testid="session-ended" type="warning" showIcon message={intl.formatMessage({ id: `login.sessionEnded.${reason}` })} />;
}
