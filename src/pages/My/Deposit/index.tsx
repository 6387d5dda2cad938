export default function MyDepositPage() {
  return <div>My/Deposit</div>;
}
