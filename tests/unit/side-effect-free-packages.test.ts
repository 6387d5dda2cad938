/** plugins/sideEffectFreePackages: which files webpack may drop when nothing uses their exports. */
import { SIDE_EFFECT_FREE } from '../../plugins/sideEffectFreePackages';

describe('side-effect-free packages', () => {
  it.each([
    '/app/node_modules/rc-field-form/es/index.js',
    '/app/node_modules/rc-util/es/Dom/canUseDom.js',
    '/app/node_modules/@rc-component/async-validator/es/index.js',
    'C:\\app\\node_modules\\rc-motion\\es\\index.js',
    '/app/node_modules/@umijs/plugins/node_modules/@ahooksjs/use-request/es/index.js',
  ])('covers the react-component package file, or use-request\'s, %s', (file) => {
    expect(SIDE_EFFECT_FREE.test(file)).toBe(true);
  });

  it.each([
    '/app/node_modules/react-dom/index.js',
    '/app/node_modules/antd/es/index.js',
    '/app/node_modules/resize-observer-polyfill/dist/ResizeObserver.es.js',
    '/app/node_modules/@ant-design/cssinjs/es/index.js',
    '/app/src/rc-like/index.ts',
    '/app/node_modules/ahooks/es/useRequest/index.js',
  ])('leaves %s alone', (file) => {
    expect(SIDE_EFFECT_FREE.test(file)).toBe(false);
  });
});
