/**
 * antd's `isBright` (antd/es/color-picker/components/ColorPresets.js), alone: what Button's styles
 * use of that module (plugins/antdButtonIsBright). Whether text on `value` over `bgColorToken`
 * should be dark.
 */
import { Color as RcColor } from '@rc-component/color-picker';

interface RgbColor {
  toRgb(): { r: number; g: number; b: number; a: number };
  toRgbString(): string;
}

export const isBright = (value: RgbColor, bgColorToken: string): boolean => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  // a see-through colour: judge it by what shows through
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
