import { useMediaQuery } from './useMediaQuery';

/** Widest screen that counts as a phone (spec: ≤ 768 px). */
const PHONE_MAX_WIDTH = 768;

/** Phones get the bottom tab bar, wider screens the top navigation. */
export function useIsPhone(): boolean {
  return useMediaQuery(`(max-width: ${PHONE_MAX_WIDTH}px)`);
}
