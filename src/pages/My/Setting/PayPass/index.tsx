export default function MySettingPayPassPage() {
  return <div>My/Setting/PayPass</div>;
}
