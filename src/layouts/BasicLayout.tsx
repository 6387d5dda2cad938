import { Outlet } from '@umijs/max';
export default function BasicLayout() {
  return <Outlet />;
}
