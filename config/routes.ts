/**
 * The one source of routes: paths, wrappers, icons and access names (docs/decisions.md, "Front end"). Menus and the phone tab bar are derived from it:
 * entries with `name` and `icon` and without `hideInMenu` are navigation entries.
 *
 * `access` names are looked up in the map built by src/access.ts. A route is accessible only when
 * every access name on its path from the root resolves to true (so a child without a name
 * inherits its parent's), and a parent whose children are all inaccessible is inaccessible.
 *
 * Wrappers: `auth` guards access for the whole tree, `autoLogin` signs in inside a DApp browser,
 * `shared` is the page frame shared by calculate, my and login.
 */
import appRoutes from './appRoutes';
import consoleRoutes from './consoleRoutes';

export default [appRoutes, consoleRoutes];
