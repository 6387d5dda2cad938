import type { RequestConfig } from '@umijs/max';
export const requestConfig: RequestConfig = {};
