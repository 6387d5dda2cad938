export default function MyRecordsPage() {
  return <div>My/Records</div>;
}
