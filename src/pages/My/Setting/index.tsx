export default function MySettingPage() {
  return <div>My/Setting</div>;
}
