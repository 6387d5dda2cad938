import { PHONE_MEDIA_QUERY } from '@/constants/app';
import { useMediaQuery } from './useMediaQuery';

/** Phones get the bottom tab bar, wider screens the top navigation. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_MEDIA_QUERY);
}
