export default function ShoppingOrderLogisticsPage() {
  return <div>Shopping/OrderLogistics</div>;
}
