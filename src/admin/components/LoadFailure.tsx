/** A page's failure to load its data: the server's text and a retry. */
import { useIntl } from '@umijs/max';
import { Alert, Button } from 'antd';

export default function LoadFailure({ error, onRetry }: { error: string; onRetry?: () => void }) {
  const intl = useIntl();
  return (
    <Alert
      type="error"
      showIcon
      data-testid="admin-load-error"
      message={error}
      action={
        onRetry && (
          <Button size="small" onClick={onRetry}>
            {intl.formatMessage({ id: 'admin.action.retry' })}
          </Button>
        )
      }
    />
  );
}
