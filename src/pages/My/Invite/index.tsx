export default function MyInvitePage() {
  return <div>My/Invite</div>;
}
