export default function CalculateCoinPage() {
  return <div>Calculate/Coin</div>;
}
