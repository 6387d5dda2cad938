/**
 * The signed-in first screens' antd styles in dist/index.html (server/prerender/signedInStyles.ts),
 * rendered after the build with Umi's Node bundle of the app (src/prerender/signedInStyles.tsx).
 * Listed before the service worker's plugin, whose version covers index.html as written here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IApi } from '@umijs/max';
import { withSignedInStyles } from '../server/prerender/signedInStyles';
import { builtServerBundle } from './prerender';

export default (api: IApi) => {
  api.describe({ key: 'signedInStyles' });

  api.onBuildHtmlComplete(async () => {
    const styles = await builtServerBundle(api).renderSignedInStyles();
    const indexPath = path.join(api.paths.absOutputPath, 'index.html');
    fs.writeFileSync(indexPath, withSignedInStyles(fs.readFileSync(indexPath, 'utf8'), styles));
    api.logger.event(`Signed-in first screens' styles in index.html (${(styles.length / 1024).toFixed(1)} KB)`);
  });
};
