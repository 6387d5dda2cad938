export default function CalculateHistoryPage() {
  return <div>Calculate/History</div>;
}
