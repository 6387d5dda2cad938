export default function CalculateExchangePage() {
  return <div>Calculate/Exchange</div>;
}
