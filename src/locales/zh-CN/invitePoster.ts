/** /my/invite: the invite poster. */
export default {
  'invitePoster.generate': '生成海报',
  'invitePoster.title': '邀请海报',
  'invitePoster.headline': '邀请你一起加入 {app}',
  'invitePoster.qrHint': '扫码用钱包登录，即可成为我的好友',
  'invitePoster.alt': '邀请海报，邀请码 {code}',
  'invitePoster.longPress': '长按保存图片',
  'invitePoster.download': '保存图片',
  'invitePoster.failed': '当前浏览器无法生成海报，请复制邀请链接分享',
};
