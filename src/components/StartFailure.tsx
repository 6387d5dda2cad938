/**
 * What the signed-in shell shows instead of the page when the start failed for another reason
 * than a refused token (5xx, offline, time-out; src/initialState.ts): the user stays signed in
 * and 重试 asks for the initial state again, showing the page once the server answers.
 */
import { Button } from 'antd';
import { useIntl, useModel } from '@umijs/max';
import React, { useState } from 'react';
import { fetchInitialState } from '@/initialState';
import StatusBlock from './StatusBlock';

function StartFailure() {
  const intl = useIntl();
  const { setInitialState } = useModel('@@initialState');
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await setInitialState(await fetchInitialState());
    } finally {
      setRetrying(false);
    }
  };
  return (
    <StatusBlock
      role="alert"
      data-testid="start-failure"
      status="warning"
      title={intl.formatMessage({ id: 'startFailure.title' })}
      description={intl.formatMessage({ id: 'startFailure.description' })}
      action={
        <Button type="primary" size="large" style={{ minHeight: 44 }} loading={retrying} onClick={() => void retry()}>
          {intl.formatMessage({ id: 'startFailure.retry' })}
        </Button>
      }
    />
  );
}

/** The page (`children`), or the retry screen while the start has failed. */
export default function StartGate({ children }: { children: React.ReactNode }) {
  const { initialState } = useModel('@@initialState');
  return initialState?.startFailed ? <StartFailure /> : <>{children}</>;
}
