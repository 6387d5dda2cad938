/**
 * Stands in for antd's Pagination inside List, Tabs inside Card and the editor inside Typography,
 * which plugins/unusedAntdParts leaves out of the build: rendering it means a List got
 * `pagination`, a Card `tabList` or a Typography `editable`.
 */
export default function NotBundled(): never {
  throw new Error("antd List's pagination, Card's tabList and Typography's editable are not in the build (plugins/unusedAntdParts.ts)");
}
