/** The pull-to-refresh indicator above the lists. */
export default {
  'pullRefresh.pull': '下拉重新整理',
  'pullRefresh.release': '放開重新整理',
  'pullRefresh.loading': '載入中',
};
