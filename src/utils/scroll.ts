/** Scroll the page to the top with a smooth animation. */
export function scrollToTopSmoothly(): void {
  if (typeof window === 'undefined') return;
  window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
}
