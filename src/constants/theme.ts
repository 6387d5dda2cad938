export const PRIMARY_COLOR = '#0066f5';
export type ThemeMode = 'light' | 'dark';
