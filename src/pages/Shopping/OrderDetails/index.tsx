export default function ShoppingOrderDetailsPage() {
  return <div>Shopping/OrderDetails</div>;
}
