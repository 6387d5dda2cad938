/** The pages the phone goal (docs/performance.md) names, as bench:lighthouse and bench:startup load them. */
export interface PageSpec {
  path: string;
  /** loaded with a stored session */
  signedIn: boolean;
}

export const FIRST_SCREEN_PAGES: PageSpec[] = [
  { path: '/', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/calculate', signedIn: false },
  { path: '/shopping', signedIn: false },
  { path: '/my', signedIn: true },
  { path: '/my/assets', signedIn: true },
];

/** BENCH_PAGES (a comma list of paths) picks some; all of them by default. */
export function pagesWanted(): PageSpec[] {
  const wanted = (process.env.BENCH_PAGES ?? '').split(',').map((page) => page.trim()).filter(Boolean);
  return wanted.length ? FIRST_SCREEN_PAGES.filter((page) => wanted.includes(page.path)) : FIRST_SCREEN_PAGES;
}
