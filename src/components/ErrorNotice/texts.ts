/** The error catalogue's texts, exactly as the spec words them (spec §8, DESIGN §7). */
export const ERROR_TEXTS = {
  notificationTitle: '发生错误',
  submitToAdmin: '请将复制的信息提交给管理员',
  statusPrefix: '服务器响应状态码:',
  noResponse: '请求已经成功发起，但没有收到响应，请重试',
  failed: '请求失败，请重试',
  copyDiagnostics: '复制诊断信息',
  copied: '已复制',
} as const;
