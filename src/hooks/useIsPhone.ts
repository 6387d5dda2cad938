import { PHONE_MEDIA_QUERY } from '@/constants/app';
import { useMediaQuery } from './useMediaQuery';

/** Phones get the bottom tab bar, wider screens the top navigation. Public pages are prerendered for a phone. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_MEDIA_QUERY, true);
}
