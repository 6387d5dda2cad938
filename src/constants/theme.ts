export const PRIMARY_COLOR = '#0066f5';
export type ThemeMode = 'light' | 'dark';
export const DEFAULT_THEME: ThemeMode = 'light';
