export default function CalculateAssetsPage() {
  return <div>Calculate/Assets</div>;
}
