export default function ShoppingPage() {
  return <div>Shopping</div>;
}
