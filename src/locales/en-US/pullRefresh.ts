/** The pull-to-refresh indicator above the lists. */
export default {
  'pullRefresh.pull': 'Pull to refresh',
  'pullRefresh.release': 'Release to refresh',
  'pullRefresh.loading': 'Loading',
};
