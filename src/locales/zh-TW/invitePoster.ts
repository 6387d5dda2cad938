/** /my/invite: the invite poster. */
export default {
  'invitePoster.generate': '生成海報',
  'invitePoster.title': '邀請海報',
  'invitePoster.headline': '邀請你一起加入 {app}',
  'invitePoster.qrHint': '掃碼用錢包登入，即可成為我的好友',
  'invitePoster.alt': '邀請海報，邀請碼 {code}',
  'invitePoster.longPress': '長按儲存圖片',
  'invitePoster.download': '儲存圖片',
  'invitePoster.failed': '目前瀏覽器無法生成海報，請複製邀請連結分享',
};
