export default function MyPage() {
  return <div>My</div>;
}
