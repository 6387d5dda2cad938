/**
 * Shared pieces of the console's unit tests: an operator, the providers a console page renders
 * in (zh-CN app and console texts, antd's App, a memory router, the signed-in operator), and
 * the wallet's problems the console names.
 */
import { IntlProvider } from '@umijs/max';
import { App } from 'antd';
import React from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { OperatorMeType } from '../../contract/admin/core';
import { ROLE_PERMISSIONS, type OperatorRole } from '../../contract/rules/operators';
import { AdminContext } from '@/admin/context';
import zhCN from '@/locales/zh-CN';
import zhCNAdmin from '@/locales/zh-CN/admin';
import type { WalletErrorCode } from '@/wallet/errors';

const CODES: Record<WalletErrorCode, true> = {
  NO_WALLET: true, NO_ACCOUNT: true, WRONG_ACCOUNT: true, USER_REJECTED: true, WRONG_NETWORK: true, SERVER_REFUSED: true, REQUEST_PENDING: true, FAILED: true,
};
export const WALLET_ERROR_CODES = Object.keys(CODES) as WalletErrorCode[];

export function operatorMe(role: OperatorRole, address = '0x976EA74026E726554dB657fA54763abd0C3a0aa9', id = '7'): OperatorMeType {
  return {
    operator: { id, address, role, enabled: true, addedBy: 'cli:setup', createdAt: '2026-01-02 03:04:05' },
    permissions: [...ROLE_PERMISSIONS[role]],
  };
}

// react-intl's class typings predate React 18's explicit children
const Intl = IntlProvider as unknown as React.ComponentType<{ locale: string; messages: Record<string, string>; children: React.ReactNode }>;

export function ConsoleProviders({ me, path = '/admin', children }: { me: OperatorMeType; path?: string; children: React.ReactNode }) {
  return (
    <Intl locale="zh-CN" messages={{ ...zhCN, ...zhCNAdmin }}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <AdminContext.Provider value={{ me, signOut: async () => undefined }}>{children}</AdminContext.Provider>
        </MemoryRouter>
      </App>
    </Intl>
  );
}
