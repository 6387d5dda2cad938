/**
 * What the route table says about the current page: the locale id of its title (`menu.` + the
 * names along its path) and whether it is a sub-page of its section (it then gets a back button).
 */
import { useSelectedRoutes } from '@umijs/max';
import { menuTitleId } from '@/layouts/navigation';

interface NamedRoute {
  name?: string;
  path?: string;
}

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
    isSubPage: !!leaf && leaf !== section && leaf.path !== section.path,
    sectionPath: section?.path ?? '/',
  };
}

export function useRoutePage(): RoutePage {
  const matches = useSelectedRoutes();
  return describeRoutePage(matches.map((match) => match.route as NamedRoute));
}
