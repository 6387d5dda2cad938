/**
 * The diagnostics an administrator needs to trace a failed request: request URL,
 * status, body, headers, status code, message and time. Only response headers are included,
 * so the Authorization token never ends up on a clipboard.
 */
import dayjs from 'dayjs';
import { TIMESTAMP_FORMAT } from '@/constants/app';

export interface Diagnostics {
  url?: string;
  method?: string;
  status?: number;
  statusText?: string;
  body?: unknown;
  headers?: unknown;
  statusCode?: number | string;
  message: string;
  time: Date;
}

function asText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '-';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

export function formatDiagnostics(d: Diagnostics): string {
  const request = [d.method?.toUpperCase(), d.url].filter(Boolean).join(' ');
  return [
    `请求地址 (Request URL): ${request || '-'}`,
    `状态 (Status): ${[d.status, d.statusText].filter(Boolean).join(' ') || '-'}`,
    `响应内容 (Body): ${asText(d.body)}`,
    `响应头 (Headers): ${asText(d.headers)}`,
    `状态码 (Status code): ${asText(d.statusCode)}`,
    `错误信息 (Message): ${d.message}`,
    `时间 (Time): ${dayjs(d.time).format(TIMESTAMP_FORMAT)}`,
  ].join('\n');
}
