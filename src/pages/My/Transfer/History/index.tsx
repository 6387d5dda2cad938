export default function MyTransferHistoryPage() {
  return <div>My/Transfer/History</div>;
}
