export default function CalculateUnknownPage() {
  return <div>Calculate/Unknown</div>;
}
