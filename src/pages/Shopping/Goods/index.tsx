export default function ShoppingGoodsPage() {
  return <div>Shopping/Goods</div>;
}
