/**
 * The operator console's messages, one file per area, merged into each language's catalogue
 * (contract/messages/zh-TW.ts and its siblings). Every file gives the same keys in all three languages.
 */
import { ADMIN_CORE_MESSAGES } from './core';
import { ADMIN_MONEY_MESSAGES } from './money';
import { ADMIN_OPERATIONS_MESSAGES } from './operations';
import { ADMIN_USERS_MESSAGES } from './users';
import { ADMIN_MALL_MESSAGES } from './mall';

export const ADMIN_MESSAGES = {
  'zh-TW': { ...ADMIN_CORE_MESSAGES['zh-TW'], ...ADMIN_MONEY_MESSAGES['zh-TW'], ...ADMIN_USERS_MESSAGES['zh-TW'], ...ADMIN_OPERATIONS_MESSAGES['zh-TW'], ...ADMIN_MALL_MESSAGES['zh-TW'] },
  'zh-CN': { ...ADMIN_CORE_MESSAGES['zh-CN'], ...ADMIN_MONEY_MESSAGES['zh-CN'], ...ADMIN_USERS_MESSAGES['zh-CN'], ...ADMIN_OPERATIONS_MESSAGES['zh-CN'], ...ADMIN_MALL_MESSAGES['zh-CN'] },
  'en-US': { ...ADMIN_CORE_MESSAGES['en-US'], ...ADMIN_MONEY_MESSAGES['en-US'], ...ADMIN_USERS_MESSAGES['en-US'], ...ADMIN_OPERATIONS_MESSAGES['en-US'], ...ADMIN_MALL_MESSAGES['en-US'] },
};
