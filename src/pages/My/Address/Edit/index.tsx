export default function MyAddressEditPage() {
  return <div>My/Address/Edit</div>;
}
