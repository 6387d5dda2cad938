/**
 * What the route table says about the current page: the locale id of its title (`menu.` + the
 * names along its path) and whether it is a sub-page of its section (it then gets a back button).
 */
import { useSelectedRoutes } from '@umijs/max';
import { menuTitleId } from '@/layouts/navigation';

interface NamedRoute {
  name?: string;
  path?: string;
  /** Umi moves the path of a route with wrappers to a wrapper layer and keeps it here */
  originPath?: string;
}

const pathOf = (route: NamedRoute) => route.originPath ?? route.path;

export interface RoutePage {
  titleId: string;
  isSubPage: boolean;
  /** path of the top-level section, where "back" goes when there is no history */
  sectionPath: string;
}

export function describeRoutePage(chain: NamedRoute[]): RoutePage {
  const named = chain.filter((route) => route.name);
  const section = named[0];
  const leaf = named[named.length - 1];
  return {
    titleId: menuTitleId(named.map((route) => route.name!)),
    isSubPage: !!leaf && leaf !== section && pathOf(leaf) !== pathOf(section),
    sectionPath: (section && pathOf(section)) || '/',
  };
}

export function useRoutePage(): RoutePage {
  const matches = useSelectedRoutes();
  return describeRoutePage(matches.map((match) => match.route as NamedRoute));
}
