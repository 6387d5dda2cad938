export default function CalculatePage() {
  return <div>Calculate</div>;
}
