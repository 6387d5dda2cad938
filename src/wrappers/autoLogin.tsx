import { Outlet } from '@umijs/max';
export default function Wrapper() {
  return <Outlet />;
}
