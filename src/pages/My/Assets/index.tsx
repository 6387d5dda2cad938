export default function MyAssetsPage() {
  return <div>My/Assets</div>;
}
