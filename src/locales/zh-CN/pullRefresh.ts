/** The pull-to-refresh indicator above the lists. */
export default {
  'pullRefresh.pull': '下拉刷新',
  'pullRefresh.release': '释放刷新',
  'pullRefresh.loading': '加载中',
};
