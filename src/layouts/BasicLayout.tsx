/**
 * The root layout of every page (config/routes.ts): header, page and — on phones (≤ 768 px) — the
 * bottom tab bar; a notice above the page while offline. Navigation entries come from the route
 * table filtered by access. The page sits in an error boundary that turns a failed page chunk into
 * a reload message.
 */
import { Layout } from 'antd';
import { Outlet, useAccess, useLocation } from '@umijs/max';
import { useMemo } from 'react';
import { InsideLayout } from '@/components/BlankPlaceholder';
import ChunkErrorBoundary from '@/components/ChunkErrorBoundary';
import OfflineNotice from '@/components/OfflineNotice';
import StartGate from '@/components/StartFailure';
import { useIsPhone } from '@/hooks/useIsPhone';
import AppHeader from './AppHeader';
import styles from './BasicLayout.less';
import { navEntries } from './navigation';
import NavBar from './NavBar';

export default function BasicLayout() {
  const access = useAccess();
  const location = useLocation();
  const isPhone = useIsPhone();
  const entries = useMemo(() => navEntries(access), [access]);

  return (
    <Layout className={styles.layout}>
      <AppHeader entries={entries} compact={isPhone} />
      <Layout.Content className={isPhone ? `${styles.content} ${styles.phoneContent}` : styles.content}>
        <OfflineNotice />
        <ChunkErrorBoundary resetKey={location.pathname}>
          {/* a page whose chunk is loading shows the skeleton of src/loading.tsx here */}
          <InsideLayout.Provider value>
            <StartGate>
              <Outlet />
            </StartGate>
          </InsideLayout.Provider>
        </ChunkErrorBoundary>
      </Layout.Content>
      {isPhone && <NavBar entries={entries} pathname={location.pathname} placement="bottom" />}
    </Layout>
  );
}
