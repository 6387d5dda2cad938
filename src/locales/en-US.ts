/** English. Every key here exists in zh-CN.ts and zh-TW.ts too. */
import calculate from './en-US/calculate';
import calculateScreens from './en-US/calculateScreens';
import menu from './en-US/menu';
import mall from './en-US/mall';
import money from './en-US/money';
import pages from './en-US/pages';
import shell from './en-US/shell';
import status from './en-US/status';

export default { ...menu, ...shell, ...status, ...pages, ...calculate, ...calculateScreens, ...mall, ...money };
