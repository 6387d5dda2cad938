/** 繁體中文. Every key here exists in zh-CN.ts and en-US.ts too. */
import calculate from './zh-TW/calculate';
import calculateScreens from './zh-TW/calculateScreens';
import menu from './zh-TW/menu';
import mall from './zh-TW/mall';
import money from './zh-TW/money';
import pages from './zh-TW/pages';
import shell from './zh-TW/shell';
import status from './zh-TW/status';

export default { ...menu, ...shell, ...status, ...pages, ...calculate, ...calculateScreens, ...mall, ...money };
