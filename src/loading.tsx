/** Umi's loading component while a route's chunk loads: the app shell or the page's skeleton. */
export { RouteLoading as default } from '@/components/BlankPlaceholder';
