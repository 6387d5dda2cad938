export default function MyAddressPage() {
  return <div>My/Address</div>;
}
