/**
 * The long-error notice's texts, word for word. The toasts of a request
 * without a usable answer are in the locales (src/utils/requestFailureText.ts).
 */
export const ERROR_TEXTS = {
  notificationTitle: '发生错误',
  submitToAdmin: '请将复制的信息提交给管理员',
  copyDiagnostics: '复制诊断信息',
  copied: '已复制',
} as const;
