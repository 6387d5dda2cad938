/** 简体中文 — the fallback locale. Every key here exists in zh-TW.ts and en-US.ts too. */
import calculate from './zh-CN/calculate';
import calculateScreens from './zh-CN/calculateScreens';
import menu from './zh-CN/menu';
import mall from './zh-CN/mall';
import money from './zh-CN/money';
import pages from './zh-CN/pages';
import shell from './zh-CN/shell';
import status from './zh-CN/status';

export default { ...menu, ...shell, ...status, ...pages, ...calculate, ...calculateScreens, ...mall, ...money };
