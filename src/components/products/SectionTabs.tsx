/** Tabs linking the pages of a section (e.g. /calculate), derived from the route table by access. */
import Tabs from '@/components/AppTabs';
import { useAccess, useIntl, useLocation, useNavigate } from '@umijs/max';
import { useMemo } from 'react';
import { sectionEntries } from '@/layouts/navigation';

export default function SectionTabs({ sectionPath }: { sectionPath: string }) {
  const intl = useIntl();
  const access = useAccess();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = useMemo(() => sectionEntries(sectionPath, access), [sectionPath, access]);
  return (
    <Tabs
      activeKey={pathname}
      onChange={(path) => navigate(path)}
      items={entries.map((entry) => ({ key: entry.path, label: intl.formatMessage({ id: entry.titleId }) }))}
      style={{ marginTop: -8 }}
    />
  );
}
