export default function MyTransferPage() {
  return <div>My/Transfer</div>;
}
