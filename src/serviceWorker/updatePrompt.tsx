/** The offer of a new version (./register.ts): a notice that stays until the user reloads or closes it. */
import { getIntl } from '@umijs/max';
import { Button } from 'antd';
import React from 'react';
import { notification } from '@/components/Feedback/notifier';

const KEY = 'app-update';

export function showUpdatePrompt(apply: () => void): void {
  const intl = getIntl();
  const reload = () => {
    notification.destroy(KEY);
    apply();
  };
  notification.open({
    key: KEY,
    placement: 'top',
    duration: 0,
    message: intl.formatMessage({ id: 'appUpdate.title' }),
    description: intl.formatMessage({ id: 'appUpdate.description' }),
    actions: (
      <Button type="primary" data-testid="app-update-reload" style={{ minHeight: 44 }} onClick={reload}>
        {intl.formatMessage({ id: 'appUpdate.reload' })}
      </Button>
    ),
    props: { 'data-testid': 'app-update' },
  });
}
