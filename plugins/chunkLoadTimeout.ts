/**
 * Umi does not set webpack's chunkLoadTimeout (default 120 s in the spec, webpack's own default
 * is also 120 s but we pin it so a change upstream cannot move it). Page chunks that fail or take
 * longer raise a ChunkLoadError, which src/components/ChunkErrorBoundary turns into a reload page.
 */
import type { IApi } from '@umijs/max';
import { CHUNK_LOAD_TIMEOUT_MS } from '../src/constants/app';

export default (api: IApi) => {
  api.describe({ key: 'chunkLoadTimeout' });
  api.chainWebpack((memo) => {
    memo.output.chunkLoadTimeout(CHUNK_LOAD_TIMEOUT_MS);
    return memo;
  });
};
