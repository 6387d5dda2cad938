/** /my/invite: the invite poster. */
export default {
  'invitePoster.generate': 'Create poster',
  'invitePoster.title': 'Invite poster',
  'invitePoster.headline': 'Join me on {app}',
  'invitePoster.qrHint': 'Scan and sign in with your wallet to join as my friend',
  'invitePoster.alt': 'Invite poster, invite code {code}',
  'invitePoster.longPress': 'Press and hold the image to save it',
  'invitePoster.download': 'Save image',
  'invitePoster.failed': 'This browser cannot draw the poster; copy the invite link to share it instead',
};
