export default function ShoppingOrderPage() {
  return <div>Shopping/Order</div>;
}
