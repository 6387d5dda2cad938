/**
 * plugins/antdButtonIsBright: Button's styles get our copy of antd's `isBright` (so the
 * ColorPicker's module, with Collapse, stays out of the first load), and the copy answers as antd's.
 */
import { isBright as antdIsBright } from 'antd/lib/color-picker/components/ColorPresets';
import { generateColor } from 'antd/lib/color-picker/util';
import { IS_BRIGHT, isBrightReplacement } from '../../plugins/antdButtonIsBright';
import { isBright } from '@/components/antdIsBright';

it('replaces only the import of Button\'s styles', () => {
  expect(isBrightReplacement('/x/node_modules/antd/es/button/style', '../../color-picker/components/ColorPresets')).toBe(IS_BRIGHT);
  expect(isBrightReplacement('/x/node_modules/antd/es/color-picker', './components/ColorPresets')).toBeUndefined();
  expect(isBrightReplacement('/x/node_modules/antd/es/button/style', './other')).toBeUndefined();
});

it.each(['#ffffff', '#000000', '#1677ff', '#faad14', 'rgba(255,255,255,0.3)', 'rgba(0,0,0,0.4)'])('answers as antd for %s', (color) => {
  for (const background of ['#ffffff', '#141414']) {
    expect(isBright(generateColor(color), background)).toBe(antdIsBright(generateColor(color), background));
  }
});
