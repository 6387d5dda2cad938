/**
 * Typed calls of every console endpoint (contract/admin/*.ts), one function per endpoint named
 * like its key in the contract, through the console's own client (../http).
 */
export * as coreApi from './core';
export * as moneyApi from './money';
export * as usersApi from './users';
export * as mallApi from './mall';
export * as operationsApi from './operations';
