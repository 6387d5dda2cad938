/**
 * The frame shared by the calculate, my and login pages: the route's title bar (with a back
 * button on sub-pages) above the page.
 */
import { Outlet } from '@umijs/max';
import RouteTitleBar from '@/components/RouteTitleBar';

export default function SharedWrapper() {
  return (
    <div data-testid="shared-frame">
      <RouteTitleBar />
      <Outlet />
    </div>
  );
}
