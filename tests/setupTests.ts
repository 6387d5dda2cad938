import '@testing-library/jest-dom';
import { mediaQueryList } from './mediaQueryList';

// antd's responsive helpers need matchMedia, which jsdom lacks.
if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => mediaQueryList(query, false),
  });
}
