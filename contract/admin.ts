/**
 * The operator console's API (prefix `admin`): one file per area under contract/admin/. Every
 * endpoint names the operator permission it needs (contract/rules/operators.ts); user tokens are
 * refused on all of them.
 */
import { adminCoreEndpoints } from './admin/core';
import { adminMoneyEndpoints } from './admin/money';
import { adminOperationsEndpoints } from './admin/operations';
import { adminUsersEndpoints } from './admin/users';
import { adminMallEndpoints } from './admin/mall';

export const adminEndpoints = {
  ...adminCoreEndpoints,
  ...adminMoneyEndpoints,
  ...adminUsersEndpoints,
  ...adminMallEndpoints,
  ...adminOperationsEndpoints,
};

