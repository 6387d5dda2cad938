/** The login page for someone already signed in: continue, or log out to switch accounts. */
import { CheckCircleFilled } from '@ant-design/icons';
import { history, useIntl, useLocation } from '@umijs/max';
import { Button, Flex, theme, Typography } from 'antd';
import { shortAddress } from '@/components/shortAddress';
import { useLogout } from '@/hooks/useLogout';
import { readRedirectTarget } from '@/utils/loginRedirect';

export default function SignedIn({ address }: { address: string }) {
  const intl = useIntl();
  const location = useLocation();
  const logout = useLogout();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={12} data-testid="signed-in">
      <CheckCircleFilled style={{ fontSize: 40, color: token.colorSuccess }} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {intl.formatMessage({ id: 'login.signedIn.title' })}
      </Typography.Title>
      <Typography.Text type="secondary" title={address}>
        {intl.formatMessage({ id: 'login.signedIn.address' }, { address: shortAddress(address) })}
      </Typography.Text>
      <Flex gap={12} style={{ width: '100%' }}>
        <Button block size="large" onClick={() => void logout()}>
          {intl.formatMessage({ id: 'login.signedIn.logout' })}
        </Button>
        <Button block size="large" type="primary" onClick={() => history.replace(readRedirectTarget(location.search))}>
          {intl.formatMessage({ id: 'login.signedIn.continue' })}
        </Button>
      </Flex>
    </Flex>
  );
}
