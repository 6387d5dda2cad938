/** 简体中文 — the fallback locale. Every key here exists in ../zh-TW and ../en-US too. */
import calculate from './calculate';
import calculateScreens from './calculateScreens';
import login from './login';
import menu from './menu';
import mall from './mall';
import market from './market';
import money from './money';
import pages from './pages';
import pullRefresh from './pullRefresh';
import scan from './scan';
import payPassword from './payPassword';
import shell from './shell';
import status from './status';
import help from './help';
import invitePoster from './invitePoster';
import withdraw from './withdraw';
import notifications from './notifications';

export default { ...menu, ...shell, ...status, ...pages, ...calculate, ...calculateScreens, ...mall, ...money, ...market, ...withdraw, ...login, ...notifications, ...help, ...invitePoster, ...scan, ...pullRefresh, ...payPassword };
